import { useOne } from '@refinedev/core';
import { SimpleTable } from '../../components/SimpleTable';
import { TitledSection } from '../../components/TitledSection';
import { formatCount, formatPercent, type Product } from '../../domain';
import { type ReturnRate } from '../../domain/returns';

/** A product's return rate by size over the last 90 days, from its details call (read already: the cache answers). */
export function ReturnRates({ id }: { id: string }) {
  const { query } = useOne<Product>({ resource: 'products', id });
  const rates = (query.data as { returnRates?: ReturnRate[] } | undefined)?.returnRates ?? [];
  if (rates.length === 0) return null;
  return (
    <TitledSection title="Returns by size, last 90 days" heading="h3">
      <SimpleTable
        label="Return rate by size"
        rows={rates}
        columns={[
          { label: 'Size', value: (rate) => rate.size },
          { label: 'Shipped', align: 'right', value: (rate) => formatCount(rate.sold) },
          { label: 'Returned', align: 'right', value: (rate) => formatCount(rate.returned) },
          { label: 'Rate', align: 'right', value: (rate) => formatPercent(rate.rate * 100) },
        ]}
      />
    </TitledSection>
  );
}
