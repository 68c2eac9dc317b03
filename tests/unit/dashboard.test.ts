import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, formatKpiChange, formatKpiValue, formatRupeesCompact, wholePercentOf } from '../../src/domain';
import { dataProvider } from '../../src/providers/data-provider';
import { stubFetch } from './fetch-stub';
import { metaOf } from './store-contracts';

describe('KPI formatting', () => {
  it('shows KPI values with no decimals: whole rupees with Indian grouping, whole percentages, plain counts', () => {
    expect(formatKpiValue(1234567.89, 'currency')).toBe('₹12,34,568');
    expect(formatKpiValue(12.345, 'percentage')).toBe('12%');
    expect(formatKpiValue(123456, 'number')).toBe('1,23,456');
  });

  it('shows the size of a change without its sign (the arrow gives the direction)', () => {
    expect(formatKpiChange(-33.3)).toBe('33.3%');
    expect(formatKpiChange(100)).toBe('100.0%');
  });

  it('shortens chart axis amounts the Indian way', () => {
    expect(formatRupeesCompact(0)).toBe('₹0');
    expect(formatRupeesCompact(50_000)).toBe('₹50K');
    expect(formatRupeesCompact(250_000)).toBe('₹2.5L');
    expect(formatRupeesCompact(30_000_000)).toBe('₹3Cr');
  });

  it('labels pie slices with whole-number percentages of the total, whatever unit the values are in', () => {
    expect(wholePercentOf(49, 100)).toBe('49%');
    expect(wholePercentOf(24.5, 100)).toBe('25%');
    expect(wholePercentOf(1, 3)).toBe('33%');
    expect(wholePercentOf(5, 0)).toBe('0%');
  });
});

describe('dashboard summary through the data provider', () => {
  beforeEach(() => localStorage.setItem(STORAGE_KEYS.token, 'token'));
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("hands on the summary's success flag with the KPIs, so the dashboard can tell an unsuccessful answer", async () => {
    stubFetch({ body: { success: false, kpis: [] } });
    const result = await dataProvider.getList({ resource: 'dashboardKpis', meta: metaOf('dashboardKpis') });
    expect(result).toMatchObject({ data: [], success: false });

    stubFetch({ body: { success: true, kpis: [{ title: 'Orders', value: 3 }] } });
    expect(await dataProvider.getList({ resource: 'dashboardKpis', meta: metaOf('dashboardKpis') })).toMatchObject({
      data: [{ title: 'Orders', value: 3 }],
      success: true,
    });
  });
});
