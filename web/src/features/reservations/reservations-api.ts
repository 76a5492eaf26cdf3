import type { ClassReservation, ClassReservationPage, ClassReservationRatingInput, ReservationFilter } from '@studio/shared/schemas/class-reservation';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export interface CalendarFeedLinks {
  url: string;
  webcal_url: string;
}

/** Query keys. `available_classes` is a prefix: whatever screen lists credits refreshes after a cancel returns one. */
export const reservationsKeys = {
  all: ['class_reservations'] as const,
  page: (filter: ReservationFilter, page: number) => [...reservationsKeys.all, 'page', filter, page] as const,
  credits: ['available_classes'] as const,
  feed: ['calendar_feed'] as const,
  /** The schedule's prefix (features/schedule scheduleKeys.all): its classes carry the customer's own places (my_reservations). */
  schedule: ['single_class'] as const,
};

export function fetchReservations(filter: ReservationFilter, page: number, signal?: AbortSignal): Promise<ClassReservationPage> {
  return api.get<ClassReservationPage>(`/class_reservations?${new URLSearchParams({ filter, page: String(page) })}`, { signal });
}

/** GET /class_reservations?filter&page: the customer's own, 50 a page; the screen shows its own failure. */
export const reservationsQuery = (filter: ReservationFilter, page: number) =>
  queryOptions({
    queryKey: reservationsKeys.page(filter, page),
    queryFn: ({ signal }) => fetchReservations(filter, page, signal),
    // Paging keeps the rows on screen until the next page arrives.
    placeholderData: (previous) => previous,
    meta: { alert: false, private: true },
  });

/** GET /calendar/feed: creates the private feed on first use, so it is asked only when the customer opens it. */
export const calendarFeedQuery = queryOptions({
  queryKey: reservationsKeys.feed,
  queryFn: ({ signal }) => api.get<CalendarFeedLinks>('/calendar/feed', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
  meta: { alert: false, private: true },
});

export async function rateReservation(input: ClassReservationRatingInput): Promise<ClassReservation> {
  return (await api.put<{ class_reservation: ClassReservation }>('/class_reservations', input)).class_reservation;
}

/** What a cancel changes: the list, the credits (one may come back) and the schedule's own places. */
export const afterCancel = [reservationsKeys.all, reservationsKeys.credits, reservationsKeys.schedule] as const;
