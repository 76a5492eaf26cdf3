export const CURRENCY = 'MXN';

/** `$1,234.50` — comma thousands separators, as the spec shows prices. */
export function formatMoney(amount: number, decimals: 0 | 2 = 2): string {
  const sign = amount < 0 ? '-' : '';
  const fixed = Math.abs(amount).toFixed(decimals);
  const [whole, fraction] = fixed.split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** `$1,234.50 MXN` */
export function formatMoneyMxn(amount: number, decimals: 0 | 2 = 2): string {
  return `${formatMoney(amount, decimals)} ${CURRENCY}`;
}

export function formatNumber(value: number): string {
  return formatMoney(value, 0).replace('$', '');
}

/** A price as the shop shows it: `$1,700 MXN`, with cents only when the amount has them (`$10.50 MXN`). */
export function formatPriceMxn(amount: number): string {
  return formatMoneyMxn(amount, Number.isInteger(amount) ? 0 : 2);
}
