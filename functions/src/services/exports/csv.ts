/** A cell: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null;

/** UTF-8's byte-order mark: without it Excel reads the file as ANSI and breaks every accent. */
export const UTF8_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (= + - @, and a leading tab or
 * carriage return some of them strip first) gets a leading apostrophe, so a
 * customer named '=HYPERLINK(…)' stays text (OWASP "CSV Injection"). Numbers
 * the export writes itself are left as numbers.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, CRLF-terminated as RFC 4180 (and Excel) expect. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
