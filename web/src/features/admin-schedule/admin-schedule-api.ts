import { addCalendarDays } from '@studio/shared/format/schedule-week';
import type {
  AdminAddReservationInput,
  AdminRemoveReservationQuery,
  AttendanceInput,
  ClassRoster,
  RosterReservation,
} from '@studio/shared/schemas/class-roster';
import type {
  CancellationSummary,
  ClassSeries,
  SeriesCreateInput,
  SingleClass,
  SingleClassCancelInput,
  SingleClassCreateInput,
  SingleClassUpdateInput,
} from '@studio/shared/schemas/single-class';
import type { Customer } from '@studio/shared/types/customers';
import { api } from '../../lib/api-client';
import { scheduleKeys } from '../../lib/schedule-api';
import { queryOptions } from '../../lib/server-data';

/** Where the console's schedule lives (the routes are wired by the admin area). */
export const adminSchedulePaths = {
  week: '/admin/horario',
  one: (id: number) => `/admin/horario/${id}`,
};

/**
 * Query keys under the public schedule's prefix: a change made here also
 * refreshes any customer week cached in this tab, and one invalidation of
 * `scheduleKeys.all` refreshes the admin week, the class and its roster.
 */
export const adminScheduleKeys = {
  all: scheduleKeys.all,
  week: (monday: string, locationId: number | null) => [...scheduleKeys.all, 'admin-week', monday, locationId ?? 'all'] as const,
  one: (id: number) => [...scheduleKeys.all, 'admin-one', id] as const,
  roster: (id: number) => [...scheduleKeys.all, 'admin-roster', id] as const,
};

/**
 * GET /single_class for one studio week, cancelled classes included: the
 * console shows them with their badge (customers never see them). Past weeks
 * are allowed: the studio looks back.
 */
export const adminWeekQuery = (monday: string, locationId: number | null) =>
  queryOptions({
    queryKey: adminScheduleKeys.week(monday, locationId),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ start_date: monday, end_date: addCalendarDays(monday, 6), include_cancelled: 'true' });
      if (locationId !== null) params.set('location_id', String(locationId));
      return (await api.get<{ single_classes: SingleClass[] }>(`/single_class?${params.toString()}`, { signal })).single_classes;
    },
    meta: { alert: false },
  });

/** GET /single_class/single/{id}: the class, cancelled or not. */
export const adminClassQuery = (id: number) =>
  queryOptions({
    queryKey: adminScheduleKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ single_class: SingleClass }>(`/single_class/single/${id}`, { signal })).single_class,
    meta: { alert: false },
  });

/** GET /single_class/{id}/roster (admin): every reservation and the waitlist in line order. Never fresh for long: the desk checks people in meanwhile. */
export const rosterQuery = (id: number) =>
  queryOptions({
    queryKey: adminScheduleKeys.roster(id),
    queryFn: ({ signal }) => api.get<ClassRoster>(`/single_class/${id}/roster`, { signal }),
    staleTime: 0,
    meta: { alert: false },
  });

export const createClass = (body: SingleClassCreateInput) => api.post<{ single_class: SingleClass }>('/single_class', body);

export const createSeries = (body: SeriesCreateInput) => api.post<{ series: ClassSeries; single_classes: SingleClass[] }>('/single_class/series', body);

/** PUT /single_class: with scope 'following' the answer also lists every class changed. */
export const updateClass = (body: SingleClassUpdateInput) => api.put<{ single_class: SingleClass; single_classes?: SingleClass[] }>('/single_class', body);

export const cancelClass = (id: number, body: SingleClassCancelInput) =>
  api.post<{ single_class: SingleClass; cancellation: CancellationSummary }>(`/single_class/${id}/cancel`, body);

export const setAttendance = (id: number, body: AttendanceInput) =>
  api.put<{ class_reservation: RosterReservation; changed: boolean }>(`/single_class/${id}/attendance`, body);

/** POST /single_class/{id}/reservations (admin): 201 with the new reservation as the roster shows it. */
export const addToClass = (id: number, body: AdminAddReservationInput) =>
  api.post<{ class_reservation: RosterReservation }>(`/single_class/${id}/reservations`, body);

/** DELETE /single_class/{id}/reservations/{rid}?refund: a query parameter, since the API reads no DELETE bodies. */
export const removeFromClass = (id: number, rid: number, query: AdminRemoveReservationQuery) => {
  const search = query.refund === undefined ? '' : `?${new URLSearchParams({ refund: String(query.refund) }).toString()}`;
  return api.delete<{ class_reservation: RosterReservation }>(`/single_class/${id}/reservations/${rid}${search}`);
};

/** One page of GET /customer/admin/all: newest first, 50 a page (the admin-customers feature has its own copy; features do not share). */
export interface CustomerSearchPage {
  customers: Customer[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * The first page of GET /customer/admin/all?query, for picking whom to add.
 * Its own key, outside the schedule's prefix, so adding someone (which
 * invalidates the schedule) does not search again.
 */
export const customerSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ['admin-schedule', 'customer-search', query] as const,
    queryFn: ({ signal }) => api.get<CustomerSearchPage>(`/customer/admin/all?${new URLSearchParams(query ? { query } : {}).toString()}`, { signal }),
    meta: { alert: false },
  });
