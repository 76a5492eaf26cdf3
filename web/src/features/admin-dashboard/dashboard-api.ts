import { fill } from '@studio/shared/messages';
import { exportMessages } from '@studio/shared/messages/exports';
import type { ExportKind } from '@studio/shared/schemas/export';
import { type Dashboard, DASHBOARD_TODAY_POLL_SECONDS } from '@studio/shared/types/dashboard';
import { api, ApiError, isErrorBody } from '../../lib/api-client';
import { currentIdToken } from '../../lib/auth-client';
import { offerDownload } from '../../lib/download';
import { queryOptions } from '../../lib/server-data';
import { dashboardQueryOf, type Period } from './dashboard-period';

export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  period: (period: Period) => [...dashboardKeys.all, period.from, period.to] as const,
};

/** While a period with today is shown, its figures are read again this often (ADR 0117: a booking shows within a minute). */
export const TODAY_POLL_MS = DASHBOARD_TODAY_POLL_SECONDS * 1000;

/**
 * GET /dashboard?start_date&end_date (admin): one period's figures; failures
 * are shown in place with a retry. A period that includes the studio's
 * `today` is read again every TODAY_POLL_MS while the tab is visible (the
 * server recomputes today's figures when they are older than 25 s), and on
 * coming back into view (the screen's own listener: the app's query client is
 * not mounted, so the library's focus refetch never fires); the figures shown
 * stay until the new ones arrive.
 */
export const periodHasToday = (period: Period, today: string) => period.from <= today && today <= period.to;

export const dashboardQuery = (period: Period, today: string) => {
  const withToday = periodHasToday(period, today);
  return queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: async ({ signal }) =>
      (await api.get<{ dashboard: Dashboard }>(`/dashboard?${new URLSearchParams(dashboardQueryOf(period)).toString()}`, { signal })).dashboard,
    refetchInterval: withToday ? TODAY_POLL_MS : false,
    refetchIntervalInBackground: false,
    meta: { alert: false },
  });
};

/** POST /dashboard/refresh (admin, no body): today's figures recomputed; the screen then reads the dashboard again. */
export const refreshDashboard = () => api.post<{ updated_at: string }>('/dashboard/refresh', undefined);

/**
 * GET /exports/admin/{kind}?start_date&end_date (admin): the owner's CSV of
 * the period, offered as a download. An `<a href>` cannot send the token, so
 * the bytes are fetched; a refusal keeps the server's Spanish message.
 */
export async function downloadExport(kind: ExportKind, period: Period): Promise<string> {
  const token = await currentIdToken();
  const response = await fetch(`/api/exports/admin/${kind}?${new URLSearchParams({ start_date: period.from, end_date: period.to })}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw isErrorBody(body)
      ? new ApiError(response.status, body.error.code, body.error.message || exportMessages.failed)
      : new ApiError(response.status, 'exports/failed', exportMessages.failed);
  }
  const file = fill(exportMessages.fileName, { kind: exportMessages.kinds[kind].toLowerCase(), from: period.from, to: period.to });
  offerDownload(await response.blob(), file);
  return file;
}
