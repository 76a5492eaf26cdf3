import type { ClassReservation, ClassReservationCreateInput } from '@studio/shared/schemas/class-reservation';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { api } from '../../lib/api-client';
import { scheduleKeys } from '../../lib/schedule-api';
import { queryOptions } from '../../lib/server-data';

/**
 * Spots left refresh while the calendar is open (a class-release rush happens
 * while people watch): the week every 15 s, the class being booked every 5 s.
 * Reads only (class_counts joined in one batched read, ADR 0060), paused while
 * the tab is hidden. docs/customer-area/README.md "Calendario".
 */
export const WEEK_REFRESH_MS = 15_000;
export const CLASS_REFRESH_MS = 5_000;

/** GET /single_class/single/{id}: the class with its free spots and the caller's own places. */
export const classQuery = (id: number) =>
  queryOptions({
    queryKey: [...scheduleKeys.all, 'single', id] as const,
    queryFn: async ({ signal }) => (await api.get<{ single_class: SingleClass }>(`/single_class/single/${id}`, { signal })).single_class,
    refetchInterval: CLASS_REFRESH_MS,
    meta: { alert: false, private: true },
  });

export async function bookClass(input: ClassReservationCreateInput): Promise<{ class_reservation: ClassReservation; class_reservations: ClassReservation[] }> {
  return api.post('/class_reservations', input);
}

export async function joinWaitlist(singleClassId: number): Promise<Waitlist> {
  return (await api.post<{ waitlist: Waitlist }>('/waitlist', { single_class_id: singleClassId })).waitlist;
}

export async function leaveWaitlist(waitlistId: number): Promise<Waitlist> {
  return (await api.delete<{ waitlist: Waitlist }>(`/waitlist/${waitlistId}`)).waitlist;
}

/** What a booking, a cancel or a waitlist change alters: the schedule (and its classes' own places), the credits, the lists of reservations and waitlists. */
export const afterPlaceChange = [scheduleKeys.all, ['available_classes'], ['class_reservations'], ['waitlist']] as const;
