import { SHORT_ORDER_ID_LENGTH } from './constants';

const inrWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const inrPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const indianNumber = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,23,456 — KPI values and summary figures: Indian grouping, no decimals. */
export function formatRupees(value: number): string {
  return inrWhole.format(value);
}

/** ₹1,23,456.70 — order prices and line totals: Indian grouping, 2 decimals. */
export function formatRupeesExact(value: number): string {
  return inrPaise.format(value);
}

export function formatCount(value: number): string {
  return indianNumber.format(value);
}

export function formatPercent(value: number, decimals = 1): string {
  return `${value.toFixed(decimals)}%`;
}

/** An amount of money rounded to paise. */
export const roundMoney = (value: number) => Math.round(value * 100) / 100;

/** Order line total = qty × price, rounded to paise. */
export function lineTotal(qty: number, price: number): number {
  return roundMoney(qty * price);
}

export function shortOrderId(id: string): string {
  return id.slice(-SHORT_ORDER_ID_LENGTH);
}

export function formatDate(iso: string | Date | null | undefined): string {
  if (!iso) return '—';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric' });
}

/** A moment with its time of day ('25 Nov 2026, 09:05 am'), for what happened to an order. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A count and its noun, plural unless one: '1 row', '1,200 rows'. */
export function countOf(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
