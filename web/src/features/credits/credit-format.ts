import { fill } from '@studio/shared/messages';
import { creditsMessages as m } from '@studio/shared/messages/credits';
import type { AvailableClass } from '@studio/shared/schemas/access';
import type { AllowedTimeWindow } from '@studio/shared/schemas/allowed-times';

/** 'Ilimitadas' for -1 (customer-area §9), else the count left. */
export function countText(lot: AvailableClass): string {
  if (lot.unlimited || lot.available_classes === -1) return m.unlimited;
  return lot.available_classes === 1 ? m.classCountOne : fill(m.classCount, { count: lot.available_classes });
}

/** The class types a lot may pay for; [] = any in-person type (booking/rules.ts lotCovers). */
export function lotClassTypeIds(lot: AvailableClass): number[] {
  const ids = new Set<number>(lot.class_types ?? []);
  if (lot.class_type_id !== null) ids.add(lot.class_type_id);
  return [...ids];
}

function isWindow(value: unknown): value is AllowedTimeWindow {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Partial<AllowedTimeWindow>;
  return Array.isArray(w.weekdays) && typeof w.start === 'string' && typeof w.end === 'string';
}

/** The lot's allowed start windows as Spanish lines ('Lun, Mar, Mié, de 10:00 a 16:00'); [] = any time. */
export function allowedTimesLines(allowedTimes: unknown): string[] {
  if (!Array.isArray(allowedTimes)) return [];
  return allowedTimes.filter(isWindow).map((w) =>
    fill(m.timeWindow, {
      days: [...w.weekdays]
        .sort((a, b) => a - b)
        .map((d) => m.weekdays[d - 1] ?? String(d))
        .join(', '),
      start: w.start,
      end: w.end,
    }),
  );
}

/** Earliest expiry first, lots that never expire last, then the oldest (the order credits are spent in). */
export function byExpiry(a: AvailableClass, b: AvailableClass): number {
  if (a.expiration_date !== b.expiration_date) {
    if (a.expiration_date === null) return 1;
    if (b.expiration_date === null) return -1;
    return a.expiration_date < b.expiration_date ? -1 : 1;
  }
  return a.createdAt.localeCompare(b.createdAt) || a.available_class_id - b.available_class_id;
}
