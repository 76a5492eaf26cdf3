import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { DEFAULT_TIMEZONE, studioDay } from '@studio/shared/format/dates';
import { formatMoneyMxn, formatNumber } from '@studio/shared/format/money';
import { fill } from '@studio/shared/messages';
import { dashboardMessages as m } from '@studio/shared/messages/dashboard';
import { daysInPeriod } from '@studio/shared/schemas/dashboard';
import type { Dashboard, DashboardOccupancy } from '@studio/shared/types/dashboard';
import { Form, Formik } from 'formik';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FocusFirstError, TextField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { apiErrorText, type ErrorTexts } from '../../lib/api-client';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { share } from './chart-scale';
import { CsvExports } from './csv-exports';
import { dashboardKeys, dashboardQuery, periodHasToday, refreshDashboard } from './dashboard-api';
import { BarListChart, type Column, DayChart, SplitChart } from './dashboard-charts';
import { formatCalendarDay, formatPercent, occupancyOf } from './dashboard-format';
import { type Period, PERIOD_PRESETS, type PeriodErrors, periodErrors, periodFromAddress, periodSearch, presetOf, presetPeriod } from './dashboard-period';
import './dashboard.css';

type ClassTypeRow = Dashboard['by_class_type'][number];
type TimeSlotRow = Dashboard['by_time_slot'][number];

const REFRESH_ERRORS: ErrorTexts = { 'dashboard/refresh-too-soon': m.refreshTooSoon, '429': m.refreshTooSoon };

/** Presets, and any other period typed as two dates checked with the API's schema before the address changes. */
function PeriodPicker({ typed, errors, today, onChange }: { typed: Period; errors: PeriodErrors | null; today: string; onChange: (period: Period) => void }) {
  const pressed = errors ? null : presetOf(typed, today);
  return (
    <div className="dashboard-period">
      <div className="dashboard-period__presets" role="group" aria-label={m.period.legend}>
        {PERIOD_PRESETS.map((days) => (
          <button
            key={days}
            type="button"
            className={pressed === days ? 'button' : 'button button--secondary'}
            aria-pressed={pressed === days}
            onClick={() => onChange(presetPeriod(days, today))}
          >
            {m.period.presets[days]}
          </button>
        ))}
      </div>
      <Formik<Period>
        initialValues={typed}
        // A period from a shared address that does not hold shows its messages at once.
        initialErrors={errors ?? {}}
        initialTouched={errors ? { from: true, to: true } : {}}
        enableReinitialize
        validate={periodErrors}
        onSubmit={(values) => onChange(values)}
      >
        <Form noValidate className="dashboard-period__custom">
          <fieldset>
            <legend>{m.period.customTitle}</legend>
            <div className="dashboard-period__dates">
              <TextField name="from" type="date" label={m.period.from} />
              <TextField name="to" type="date" label={m.period.to} />
            </div>
            <button type="submit" className="button button--secondary">
              {m.period.submit}
            </button>
          </fieldset>
          <FocusFirstError />
        </Form>
      </Formik>
    </div>
  );
}

function Card({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="dashboard-card">
      <dt className="dashboard-card__label">{label}</dt>
      <dd className="dashboard-card__value">{value}</dd>
      {note && <dd className="dashboard-card__note">{note}</dd>}
    </div>
  );
}

function occupancyColumns<Row extends DashboardOccupancy>(nameHeader: string, name: (row: Row) => string): Column<Row>[] {
  return [
    { header: nameHeader, cell: name },
    { header: m.charts.occupancy, cell: (row) => formatPercent(row.occupancy) },
    { header: m.charts.bookings, cell: (row) => formatNumber(row.bookings) },
    { header: m.charts.capacity, cell: (row) => formatNumber(row.capacity) },
    { header: m.charts.classes, cell: (row) => formatNumber(row.classes) },
  ];
}

function Figures({ dashboard: d }: { dashboard: Dashboard }) {
  const summaryId = useId();
  const t = d.totals;
  const ended = t.attended + t.no_shows;
  const topSales = Math.max(0, ...d.by_package.map((p) => p.sales_amount));
  return (
    <>
      {d.missing_days > 0 && <p className="dashboard__missing">{d.missing_days === 1 ? m.missingDay : fill(m.missingDays, { n: d.missing_days })}</p>}
      <section aria-labelledby={summaryId}>
        <h2 id={summaryId} className="visually-hidden">
          {m.summaryTitle}
        </h2>
        <dl className="dashboard-cards">
          <Card label={m.cards.bookings} value={formatNumber(t.bookings)} note={fill(m.cards.bookingsNote, { n: formatNumber(t.cancellations) })} />
          <Card
            label={m.cards.occupancy}
            value={formatPercent(occupancyOf(t.bookings, t.capacity))}
            note={fill(m.cards.occupancyNote, { bookings: formatNumber(t.bookings), capacity: formatNumber(t.capacity) })}
          />
          <Card label={m.cards.sales} value={formatMoneyMxn(t.sales_amount)} note={fill(m.cards.salesNote, { n: formatNumber(t.sales_count) })} />
          <Card
            label={m.cards.noShowRate}
            value={formatPercent(d.no_show_rate)}
            note={ended > 0 ? fill(m.cards.noShowNote, { n: formatNumber(t.no_shows), total: formatNumber(ended) }) : undefined}
          />
          <Card
            label={m.cards.promotions}
            value={formatNumber(t.waitlist_promotions)}
            note={fill(m.cards.promotionsNote, { n: formatNumber(t.waitlist_joins) })}
          />
          <Card label={m.cards.creditsExpired} value={formatNumber(t.credits_expired)} />
        </dl>
      </section>
      <div className="dashboard-charts">
        <DayChart
          title={m.charts.bookingsByDay.title}
          days={d.days}
          layout="stacked"
          series={[
            { label: m.charts.bookingsByDay.bookings, value: (day) => day.bookings, look: 'solid' },
            { label: m.charts.bookingsByDay.cancellations, value: (day) => day.cancellations, look: 'hatched' },
          ]}
        />
        <BarListChart
          title={m.charts.byClassType.title}
          rows={d.by_class_type}
          rowKey={(row) => String(row.class_type_id)}
          label={(row) => row.name}
          length={(row) => row.occupancy ?? 0}
          value={(row) => formatPercent(row.occupancy)}
          columns={occupancyColumns<ClassTypeRow>(m.charts.byClassType.name, (row) => row.name)}
        />
        <BarListChart
          title={m.charts.byTimeSlot.title}
          rows={d.by_time_slot}
          rowKey={(row) => row.slot}
          label={(row) => row.slot}
          length={(row) => row.occupancy ?? 0}
          value={(row) => formatPercent(row.occupancy)}
          columns={occupancyColumns<TimeSlotRow>(m.charts.byTimeSlot.name, (row) => row.slot)}
        />
        <BarListChart
          title={m.charts.byPackage.title}
          rows={d.by_package}
          rowKey={(row) => String(row.class_package_id)}
          label={(row) => row.title}
          length={(row) => share(row.sales_amount, topSales)}
          value={(row) => formatMoneyMxn(row.sales_amount)}
          columns={[
            { header: m.charts.byPackage.name, cell: (row) => row.title },
            { header: m.charts.byPackage.count, cell: (row) => formatNumber(row.sales_count) },
            { header: m.charts.byPackage.amount, cell: (row) => formatMoneyMxn(row.sales_amount) },
          ]}
        />
        <SplitChart
          title={m.charts.attendance.title}
          parts={[
            { label: m.charts.attendance.attended, value: t.attended },
            { label: m.charts.attendance.noShows, value: t.no_shows },
          ]}
          headers={{ part: m.charts.attendance.part, count: m.charts.attendance.count, share: m.charts.attendance.share }}
        />
        <DayChart
          title={m.charts.waitlist.title}
          days={d.days}
          layout="overlay"
          series={[
            { label: m.charts.waitlist.joins, value: (day) => day.waitlist_joins, look: 'hatched' },
            { label: m.charts.waitlist.promotions, value: (day) => day.waitlist_promotions, look: 'solid' },
          ]}
        />
        <DayChart
          title={m.charts.credits.title}
          days={d.days}
          layout="stacked"
          series={[{ label: m.charts.credits.credits, value: (day) => day.credits_expired, look: 'solid' }]}
        />
      </div>
    </>
  );
}

/** One valid period: its figures, when they were computed, and the refresh of today's. */
function PeriodDashboard({ period, today }: { period: Period; today: string }) {
  // With today in the period, read again on its own (dashboard-api): quietly, the figures shown stay until the new ones replace them.
  const query = useServerQuery(dashboardQuery(period, today));
  const withToday = periodHasToday(period, today);
  const { refetch } = query;
  useEffect(() => {
    if (!withToday) return;
    // Back to the tab or window: today's figures read again at once, however recent the last read.
    const onView = () => {
      // A tab switch fires both events: the second joins the read under way.
      if (document.visibilityState === 'visible') void refetch({ cancelRefetch: false });
    };
    document.addEventListener('visibilitychange', onView);
    window.addEventListener('focus', onView);
    return () => {
      document.removeEventListener('visibilitychange', onView);
      window.removeEventListener('focus', onView);
    };
  }, [withToday, refetch]);
  // The refresh settles once the dashboard was read again (server-data's `invalidates`).
  const refresh = useServerMutation({ mutationFn: refreshDashboard, meta: { alert: false, invalidates: [dashboardKeys.all] } });
  const [notice, setNotice] = useState('');
  const dashboard = query.data;

  async function onRefresh() {
    // Not disabled while busy: a disabled button would drop the keyboard focus.
    if (refresh.isPending) return;
    setNotice('');
    try {
      await refresh.mutateAsync();
      setNotice(m.refreshed);
    } catch (error) {
      setNotice(apiErrorText(error, REFRESH_ERRORS) ?? '');
    }
  }

  let body;
  if (dashboard) body = <Figures dashboard={dashboard} />;
  else if (query.isPending) body = <Spinner label={m.loading} />;
  else if (query.isError)
    body = <LoadError message={apiErrorText(query.error) ?? m.loadError} retrying={query.isFetching} onRetry={() => void query.refetch()} />;

  return (
    <>
      <div className="dashboard__status">
        <div>
          <p className="dashboard__period">
            {fill(m.period.shown, { from: formatCalendarDay(period.from), to: formatCalendarDay(period.to), n: daysInPeriod(period.from, period.to) })}
          </p>
          {dashboard && (
            <p className="muted dashboard__updated">
              {dashboard.updated_at ? fill(m.updatedAt, { when: formatAdminDateTime(dashboard.updated_at, dashboard.timezone) }) : m.neverUpdated}
            </p>
          )}
        </div>
        <button type="button" className="button button--secondary" aria-busy={refresh.isPending} onClick={() => void onRefresh()}>
          {refresh.isPending ? m.refreshing : m.refresh}
        </button>
      </div>
      {/* Always mounted, so what the refresh says is announced, politely. */}
      <p role="status" className="dashboard__notice">
        {notice}
      </p>
      {body}
      <CsvExports period={period} />
    </>
  );
}

/**
 * /admin, Tablero: the studio's figures for a period of studio days (GET
 * /api/dashboard; docs/admin/README.md "Dashboard (screen)"). The period lives
 * in the address (?desde&hasta) so it can be shared and reloaded; without it,
 * the last 30 studio days. Every chart is drawn with SVG or CSS and repeated
 * as a table for screen readers and keyboards.
 */
export function DashboardScreen() {
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const [params, setParams] = useSearchParams();
  const today = studioDay(new Date(), timezone);
  const address = periodFromAddress(params, today);

  return (
    <section className="screen dashboard">
      <h1>{m.title}</h1>
      <p className="muted">{m.intro}</p>
      <PeriodPicker typed={address.typed} errors={address.errors} today={today} onChange={(period) => setParams(periodSearch(period))} />
      {address.period ? (
        <PeriodDashboard period={address.period} today={today} />
      ) : (
        <p role="alert" className="dashboard__missing">
          {m.period.badAddress}
        </p>
      )}
    </section>
  );
}
