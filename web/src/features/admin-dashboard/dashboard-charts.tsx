import { formatNumber } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { dashboardMessages as m } from '@studio/shared/messages/dashboard';
import type { DashboardDay } from '@studio/shared/types/dashboard';
import { type ReactNode, useId } from 'react';
import { band, niceCeiling, share } from './chart-scale';
import { formatCalendarDay, formatPercent } from './dashboard-format';

/**
 * The dashboard's charts. Each is a <figure> whose drawing is aria-hidden and
 * whose figures are also a real table behind 'Ver datos', so screen-reader and
 * keyboard users read the same data. Series differ by fill pattern as well as
 * colour (solid, hatched; dotted for days not computed yet), and every legend
 * names them, so colour is never the only cue.
 */

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** How a series is drawn, in the bars and in the legend's swatch. */
type Look = 'solid' | 'hatched' | 'missing';

function DataTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: Column<Row>[]; rows: Row[]; rowKey: (row: Row) => string }) {
  return (
    <details className="dashboard-chart__data">
      <summary>{m.seeData}</summary>
      {/* A long period's table scrolls inside its box, never the page. */}
      <div className="dashboard-chart__table-wrap">
        <table className="dashboard-chart__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column, index) =>
                  index === 0 ? (
                    <th key={column.header} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function ChartFigure({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  // Named by its heading explicitly: not every browser and reader names a figure from its figcaption.
  return (
    <figure className="dashboard-chart" aria-labelledby={titleId}>
      <figcaption>
        <h2 id={titleId} className="dashboard-chart__title">
          {title}
        </h2>
      </figcaption>
      {children}
    </figure>
  );
}

function Legend({ items }: { items: Array<{ label: string; look: Look }> }) {
  return (
    <ul className="dashboard-chart__legend">
      {items.map((item) => (
        <li key={item.label}>
          <span className={`dashboard-swatch dashboard-swatch--${item.look}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export interface DaySeries {
  label: string;
  value: (day: DashboardDay) => number;
  look: 'solid' | 'hatched';
}

/** Drawing units of a day chart; the SVG stretches to its box (preserveAspectRatio none), so only proportions matter. */
const WIDTH = 300;
const HEIGHT = 100;

/**
 * One bar per studio day. 'stacked' piles the series (bookings and
 * cancellations make all that was booked); 'overlay' draws each later series
 * narrower inside the first, for a part of a whole (promotions out of joins).
 * Days not computed yet are a full-height dotted bar, never a zero.
 */
export function DayChart({ title, days, series, layout }: { title: string; days: DashboardDay[]; series: DaySeries[]; layout: 'stacked' | 'overlay' }) {
  // useId's characters are not all valid in url(#…) references.
  const id = `chart-${useId().replace(/[^\w-]/g, '')}`;
  const heights = (day: DashboardDay) => series.map((s) => s.value(day));
  const tallest = Math.max(0, ...days.map((day) => (layout === 'stacked' ? heights(day).reduce((a, b) => a + b, 0) : Math.max(...heights(day)))));
  const max = niceCeiling(tallest);
  const first = days[0];
  const last = days.at(-1);
  const columns: Column<DashboardDay>[] = [
    { header: m.charts.day, cell: (day) => formatCalendarDay(day.day) },
    ...series.map((s) => ({ header: s.label, cell: (day: DashboardDay) => (day.computed ? formatNumber(s.value(day)) : m.noData) })),
  ];
  const legend: Array<{ label: string; look: Look }> = series.map((s) => ({ label: s.label, look: s.look }));
  if (days.some((day) => !day.computed)) legend.push({ label: m.noData, look: 'missing' });

  return (
    <ChartFigure title={title}>
      <div className="dashboard-chart__visual" aria-hidden="true">
        <p className="dashboard-chart__scale">{fill(m.charts.scaleMax, { n: formatNumber(max) })}</p>
        <svg className="dashboard-chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
          <defs>
            <pattern id={`${id}-hatch`} width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect className="dashboard-chart__hatch-ground" width="4" height="4" />
              <line className="dashboard-chart__hatch-line" x1="0" y1="0" x2="0" y2="4" />
            </pattern>
            <pattern id={`${id}-dots`} width="4" height="4" patternUnits="userSpaceOnUse">
              <circle className="dashboard-chart__dot" cx="2" cy="2" r="0.9" />
            </pattern>
          </defs>
          <line className="dashboard-chart__grid" x1="0" x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
          {days.map((day, index) => {
            const { x, width } = band(index, days.length, WIDTH);
            if (!day.computed) {
              return <rect key={day.day} className="dashboard-chart__missing" x={x} y={0} width={width} height={HEIGHT} fill={`url(#${id}-dots)`} />;
            }
            const lengths = heights(day).map((value) => share(value, max) * HEIGHT);
            return (
              <g key={day.day}>
                {series.map((s, k) => {
                  const below = layout === 'stacked' ? lengths.slice(0, k).reduce((a, b) => a + b, 0) : 0;
                  const inset = layout === 'overlay' ? (width * k) / 4 : 0;
                  const length = lengths[k] ?? 0;
                  return (
                    <rect
                      key={s.label}
                      className={`dashboard-chart__bar dashboard-chart__bar--${s.look}`}
                      x={x + inset}
                      y={HEIGHT - below - length}
                      width={width - 2 * inset}
                      height={length}
                      fill={s.look === 'hatched' ? `url(#${id}-hatch)` : undefined}
                    />
                  );
                })}
              </g>
            );
          })}
          <line className="dashboard-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} />
        </svg>
        {first && last && (
          <p className="dashboard-chart__ends">
            <span>{formatCalendarDay(first.day)}</span>
            <span>{formatCalendarDay(last.day)}</span>
          </p>
        )}
        <Legend items={legend} />
      </div>
      <DataTable caption={title} columns={columns} rows={days} rowKey={(day) => day.day} />
    </ChartFigure>
  );
}

/**
 * Horizontal bars with their name and value written beside them, in HTML so
 * long names wrap at 320 px instead of shrinking with a viewBox.
 */
export function BarListChart<Row>({
  title,
  rows,
  rowKey,
  label,
  length,
  value,
  columns,
}: {
  title: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  label: (row: Row) => string;
  /** 0..1 of the full bar. */
  length: (row: Row) => number;
  value: (row: Row) => string;
  columns: Column<Row>[];
}) {
  return (
    <ChartFigure title={title}>
      {rows.length === 0 ? (
        <p className="muted">{m.emptyChart}</p>
      ) : (
        <>
          <ul className="dashboard-bars" aria-hidden="true">
            {rows.map((row) => (
              <li key={rowKey(row)} className="dashboard-bars__row">
                <span className="dashboard-bars__label">{label(row)}</span>
                <span className="dashboard-bars__value">{value(row)}</span>
                <span className="dashboard-bars__track">
                  <span className="dashboard-bars__fill" style={{ width: `${length(row) * 100}%` }} />
                </span>
              </li>
            ))}
          </ul>
          <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} />
        </>
      )}
    </ChartFigure>
  );
}

interface Part {
  label: string;
  value: number;
}

/** One bar split in two parts of a whole (attended and no-shows); the table gives each part's count and share. */
export function SplitChart({ title, parts, headers }: { title: string; parts: [Part, Part]; headers: { part: string; count: string; share: string } }) {
  const total = parts[0].value + parts[1].value;
  const columns: Column<Part>[] = [
    { header: headers.part, cell: (part) => part.label },
    { header: headers.count, cell: (part) => formatNumber(part.value) },
    { header: headers.share, cell: (part) => formatPercent(share(part.value, total)) },
  ];
  return (
    <ChartFigure title={title}>
      {total === 0 ? (
        <p className="muted">{m.emptyChart}</p>
      ) : (
        <>
          <div className="dashboard-chart__visual" aria-hidden="true">
            <div className="dashboard-split">
              {parts.map((part, index) => (
                <span
                  key={part.label}
                  className={`dashboard-split__part dashboard-swatch--${index === 0 ? 'solid' : 'hatched'}`}
                  style={{ width: `${share(part.value, total) * 100}%` }}
                />
              ))}
            </div>
            <Legend items={parts.map((part, index) => ({ label: `${part.label}: ${formatNumber(part.value)}`, look: index === 0 ? 'solid' : 'hatched' }))} />
          </div>
          <DataTable caption={title} columns={columns} rows={parts} rowKey={(part) => part.label} />
        </>
      )}
    </ChartFigure>
  );
}
