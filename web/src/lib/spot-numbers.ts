/**
 * Seat numbers of a spot map, as the server numbers them (docs/booking/README.md,
 * "Capacity and spot map"): 1-based, row by row from the front, left to right in
 * each row. Here so that every screen that draws a room numbers it the same way.
 */
export function spotRows(rows: readonly number[]): number[][] {
  let next = 1;
  return rows.map((size) => Array.from({ length: size }, () => next++));
}
