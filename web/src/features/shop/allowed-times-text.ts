import { fill } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { AllowedTimeWindow } from '@studio/shared/schemas/allowed-times';

const dayName = (day: number) => m.weekdays[day - 1] ?? String(day);

/** ISO weekdays as Spanish words: 'todos los días', a run of three or more as 'lunes a viernes', else 'martes y jueves'. */
function daysText(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 7) return m.everyDay;
  const first = days[0];
  const last = days[days.length - 1];
  if (first !== undefined && last !== undefined && days.length >= 3 && last - first === days.length - 1)
    return fill(m.dayRange, { from: dayName(first), to: dayName(last) });
  const names = days.map(dayName);
  return names.length > 1 ? fill(m.dayListLast, { list: names.slice(0, -1).join(', '), last: names[names.length - 1] as string }) : (names[0] ?? '');
}

/** A package's allowed times as the lines its card shows ('Válido lunes a viernes de 11:00 a 16:00'); [] = any time. */
export function allowedTimesText(windows: readonly AllowedTimeWindow[] | null | undefined): string[] {
  return (windows ?? []).map((w) => fill(m.allowedTimes, { days: daysText(w.weekdays), start: w.start, end: w.end }));
}
