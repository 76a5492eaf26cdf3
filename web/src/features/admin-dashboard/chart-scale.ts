/**
 * Scales of the dashboard's charts, drawn with plain SVG and CSS (no chart
 * library): pure numbers, so the drawing code only places what these give.
 */

/**
 * The top of a value axis: the smallest 1, 2 or 5 × 10ⁿ at or above the
 * largest value, so the one printed scale label is a round number. 1 when
 * everything is zero, so empty bars sit on a real axis instead of dividing by 0.
 */
export function niceCeiling(largest: number): number {
  if (!(largest > 0)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5].find((s) => s * magnitude >= largest) ?? 10;
  return step * magnitude;
}

/** How much of a bar's full length a value takes, 0..1 (clamped, 0 for an empty scale). */
export function share(value: number, max: number): number {
  if (!(max > 0)) return 0;
  return Math.min(1, Math.max(0, value / max));
}

/** One band per item across `size` units, a gap of `gap` (0..1 of a band) split around each bar. */
export function band(index: number, count: number, size: number, gap = 0.2): { x: number; width: number } {
  const step = size / Math.max(1, count);
  return { x: index * step + (step * gap) / 2, width: step * (1 - gap) };
}
