import { EditRemoveButtons } from '../../components/EditRemoveButtons';
import { SimpleTable, type TableColumn } from '../../components/SimpleTable';
import { formatCount, type SizeEntry } from '../../domain';
import { formatPrice } from './product-form';

type SizeEditing = { onEdit: (entry: SizeEntry) => void; onRemove: (position: number) => void; disabled: boolean };

const COLUMNS: TableColumn<SizeEntry>[] = [
  { label: 'Size', value: (entry) => entry.size },
  { label: 'Price', align: 'right', value: (entry) => formatPrice(entry.price) },
  { label: 'MRP', align: 'right', value: (entry) => formatPrice(entry.mrp) },
  { label: 'Stock', align: 'right', value: (entry) => formatCount(entry.countInStock) },
];

/** A variant's sizes; with `editing` (the variant builder) each size goes back into the size fields, or is removed. */
export function VariantSizeTable({
  sizes,
  label,
  editing,
}: {
  sizes: SizeEntry[];
  label?: string;
  editing?: SizeEditing;
}) {
  const actions: TableColumn<SizeEntry>[] = editing
    ? [
        {
          label: 'Actions',
          align: 'right',
          cell: { sx: { whiteSpace: 'nowrap' } },
          value: (entry, position) => (
            <EditRemoveButtons
              name={`size ${entry.size}`}
              onEdit={() => editing.onEdit(entry)}
              onRemove={() => editing.onRemove(position)}
              disabled={editing.disabled}
              small
            />
          ),
        },
      ]
    : [];
  return <SimpleTable label={label} columns={[...COLUMNS, ...actions]} rows={sizes} rowKey={(entry) => entry.size} />;
}
