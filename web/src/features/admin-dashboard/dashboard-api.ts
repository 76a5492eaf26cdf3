import type { Dashboard } from '@studio/shared/types/dashboard';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';
import { dashboardQueryOf, type Period } from './dashboard-period';

export const dashboardKeys = {
  all: ['admin-dashboard'] as const,
  period: (period: Period) => [...dashboardKeys.all, period.from, period.to] as const,
};

/** GET /dashboard?start_date&end_date (admin): one period's figures; failures are shown in place with a retry. */
export const dashboardQuery = (period: Period) =>
  queryOptions({
    queryKey: dashboardKeys.period(period),
    queryFn: async ({ signal }) =>
      (await api.get<{ dashboard: Dashboard }>(`/dashboard?${new URLSearchParams(dashboardQueryOf(period)).toString()}`, { signal })).dashboard,
    meta: { alert: false },
  });

/** POST /dashboard/refresh (admin, no body): today's figures recomputed; the screen then reads the dashboard again. */
export const refreshDashboard = () => api.post<{ updated_at: string }>('/dashboard/refresh', undefined);
