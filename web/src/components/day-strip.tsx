import { nextDayWithClasses, splitAtNow } from '@studio/shared/format/schedule-day';
import { addCalendarDays, formatCalendarDay, weekdayName } from '@studio/shared/format/schedule-week';
import { fill } from '@studio/shared/messages';
import { scheduleDayMessages as m } from '@studio/shared/messages/schedule-day';
import { type KeyboardEvent, type ReactNode, type TouchEvent, useEffect, useId, useRef, useState } from 'react';
import './day-strip.css';

/** A swipe is a mostly sideways move of at least this many CSS pixels; shorter or steeper is a scroll or a tap. */
const SWIPE_PX = 60;

const tabId = (base: string, day: string) => `${base}-${day}`;

/** 'Hoy', 'Mañana' or the weekday's first three letters: the strip's short name of a day. */
function shortName(day: string, today: string): string {
  if (day === today) return m.today;
  if (day === addCalendarDays(today, 1)) return m.tomorrow;
  return weekdayName(day).slice(0, 3);
}

/** A day in full for screen readers and the panel's heading, e.g. 'sábado 28 nov 2026'. */
export function dayTitle(day: string, today: string): string {
  const full = fill(m.dayLabel, { weekday: weekdayName(day), date: formatCalendarDay(day) });
  return day === today ? `${m.today}, ${full}` : full;
}

export interface DayStripProps {
  /** The strip's days, today first (shared/format/schedule-day's stripDays). */
  days: readonly string[];
  today: string;
  selected: string;
  onSelect: (day: string) => void;
  /** Ties each tab to the one panel (DayPanel's id). */
  idBase: string;
}

/**
 * The phone schedule's row of days, a tablist: today first, the chosen day
 * selected; arrows, Home and End move between days (the row scrolls sideways,
 * so a thumb can flick through it too).
 */
export function DayStrip({ days, today, selected, onSelect, idBase }: DayStripProps) {
  const rowRef = useRef<HTMLDivElement>(null);

  // The chosen day kept in sight within the row; only the row scrolls, never the page (scrollIntoView would move it).
  useEffect(() => {
    const row = rowRef.current;
    const tab = row?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!row || !tab) return;
    if (tab.offsetLeft < row.scrollLeft || tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2;
    }
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = days.indexOf(selected);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: days.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const day = days[Math.max(0, Math.min(days.length - 1, target))];
    if (day === undefined) return;
    onSelect(day);
    document.getElementById(tabId(idBase, day))?.focus();
  }

  return (
    <div ref={rowRef} className="day-strip" role="tablist" aria-label={m.strip} onKeyDown={onKeyDown}>
      {days.map((day) => {
        const isSelected = day === selected;
        return (
          <button
            key={day}
            id={tabId(idBase, day)}
            type="button"
            role="tab"
            className={`day-strip__tab${day === today ? ' day-strip__tab--today' : ''}`}
            aria-selected={isSelected}
            aria-controls={`${idBase}-panel`}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(day)}
          >
            <span className="day-strip__name" aria-hidden="true">
              {shortName(day, today)}
            </span>
            <span className="day-strip__number" aria-hidden="true">
              {Number(day.slice(8))}
            </span>
            <span className="visually-hidden">{dayTitle(day, today)}</span>
          </button>
        );
      })}
    </div>
  );
}

/** The chosen day's panel: swiping sideways on it moves to the next or the previous day of the strip. */
export function DayPanel({ days, selected, onSelect, idBase, children }: Omit<DayStripProps, 'today'> & { children: ReactNode }) {
  const start = useRef<{ x: number; y: number } | null>(null);

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }

  function onTouchEnd(event: TouchEvent) {
    const from = start.current;
    const touch = event.changedTouches[0];
    start.current = null;
    if (!from || !touch) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 2 * Math.abs(dy)) return;
    // A swipe to the left brings the next day, as a page turns.
    const next = days[days.indexOf(selected) + (dx < 0 ? 1 : -1)];
    if (next !== undefined) onSelect(next);
  }

  return (
    <div
      id={`${idBase}-panel`}
      role="tabpanel"
      aria-labelledby={tabId(idBase, selected)}
      className="day-panel"
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {children}
    </div>
  );
}

export interface DayClassesProps<T extends { class_date: string; single_class_id: number }> {
  /** The chosen day's classes. */
  items: readonly T[];
  /** The week the day belongs to, by day: where an empty day points next. */
  week: ReadonlyArray<{ day: string; items: readonly T[] }>;
  day: string;
  now: number;
  onSelect: (day: string) => void;
  /** One class as a list item (the screen's own card). */
  renderItem: (c: T) => ReactNode;
  listClassName: string;
  emptyText: string;
}

/**
 * One day's classes, what is still ahead first in sight: the classes that
 * already started sit behind a toggle above the rest (only today has any), and
 * a day with nothing left offers the next day that has classes.
 */
export function DayClasses<T extends { class_date: string; single_class_id: number }>({
  items,
  week,
  day,
  now,
  onSelect,
  renderItem,
  listClassName,
  emptyText,
}: DayClassesProps<T>) {
  const [showStarted, setShowStarted] = useState(false);
  const startedId = useId();
  const { started, ahead } = splitAtNow(items, now);
  const next = ahead.length === 0 ? nextDayWithClasses(week, day, now) : null;

  return (
    <>
      {started.length > 0 && (
        <div className="day-classes__started">
          <button
            type="button"
            className="link-button day-classes__toggle"
            aria-expanded={showStarted}
            aria-controls={startedId}
            onClick={() => setShowStarted((v) => !v)}
          >
            {showStarted ? m.hideStarted : started.length === 1 ? m.showStartedOne : fill(m.showStarted, { n: started.length })}
          </button>
          <ul id={startedId} className={listClassName} hidden={!showStarted}>
            {showStarted && started.map(renderItem)}
          </ul>
        </div>
      )}
      {ahead.length > 0 ? (
        <ul className={listClassName}>{ahead.map(renderItem)}</ul>
      ) : (
        <p className="muted day-classes__empty">
          {started.length > 0 ? m.noneLeftToday : emptyText}
          {next !== null && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={() => onSelect(next)}>
                {fill(m.nextDay, { day: `${weekdayName(next)} ${formatCalendarDay(next)}` })}
              </button>
            </>
          )}
        </p>
      )}
    </>
  );
}
