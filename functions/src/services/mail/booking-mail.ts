import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getCatalogueDocs } from '../../data/repos/catalogue-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { createMailOnce, type MailDoc, mailExists, type MailKind } from '../../data/repos/mail-repo';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { DocumentChangeEvent } from '../../data/store/types';
import type { Deps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { knownSiteOrigin } from '../site-origin';
import { type MailFacts, reservationMessage, waitlistClosedMessage } from './booking-mail-content';

export interface MailDeps extends Pick<Deps, 'store' | 'now' | 'siteOrigin'> {
  /** Names the calendar UIDs' domain (`reservation-12@demo-studio`); 'studio' when unknown. */
  projectId?: string | undefined;
}

/** The mail id of each event: one e-mail per reservation booked, per reservation cancelled, per waitlist entry closed. */
export const reservationBookedMailId = (id: number) => `reservation-${id}-booked`;
export const reservationCancelledMailId = (id: number) => `reservation-${id}-cancelled`;
export const waitlistClosedMailId = (id: number) => `waitlist-${id}-closed`;

/** The calendar event of a reservation: its REQUEST and its CANCEL must share it. */
export const reservationEventUid = (id: number, projectId: string | undefined) => `reservation-${id}@${projectId || 'studio'}`;

const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);

/**
 * Reads what every e-mail needs: the customer (null when they have no
 * address: no e-mail then), the class and its catalogue records, and the
 * studio's name, address and zone. Null when the class or customer is gone.
 */
async function gatherFacts(deps: MailDeps, uid: string, singleClassId: number): Promise<{ facts: MailFacts; classCancelReason: string | null } | null> {
  const [customer, cls, config, tz] = await Promise.all([
    getCustomerByUid(deps.store, uid),
    getSingleClass(deps.store, singleClassId),
    getStoredConfig(deps.store),
    studioTimezone(deps),
  ]);
  const email = typeof customer?.email === 'string' ? customer.email.trim() : '';
  if (!customer || !cls || email === '') return null;
  const [types, locations] = await Promise.all([
    getCatalogueDocs(deps.store, 'class_types', [cls.class_type_id]),
    getCatalogueDocs(deps.store, 'locations', [cls.location_id]),
  ]);
  const location = locations.get(cls.location_id);
  const studioEmail = stringOr(config.email, String(appConfigDefinitions.email.default));
  const facts: MailFacts = {
    studio: stringOr(config.business_name, String(appConfigDefinitions.business_name.default)),
    studioEmail: studioEmail.includes('@') ? studioEmail : null,
    tz,
    customerName: typeof customer.name === 'string' && customer.name.trim() !== '' ? customer.name.trim() : null,
    customerEmail: email,
    classTypeName: stringOr(types.get(cls.class_type_id)?.name, '') || null,
    locationName: stringOr(location?.name, '') || null,
    locationAddress: stringOr(location?.address, '') || null,
    start: cls.class_date,
    end: new Date(cls.class_date.getTime() + cls.duration_minutes * 60_000),
    stamp: deps.now(),
    siteOrigin: knownSiteOrigin(config.domain, deps.siteOrigin),
  };
  return { facts, classCancelReason: cls.cancel_reason };
}

async function write(deps: MailDeps, id: string, facts: MailFacts | null, mail: (facts: MailFacts) => Omit<MailDoc, 'to' | 'createdAt'>): Promise<void> {
  if (!facts) {
    // Only the mail id: no address or name belongs in the logs.
    console.info(`[mail] ${id} not written: no customer e-mail address (or the class is gone).`);
    return;
  }
  await createMailOnce(deps.store, id, { to: facts.customerEmail, ...mail(facts), createdAt: deps.now() });
}

/**
 * What a reservation change should tell its customer, from the event alone
 * (so a repeated event decides the same): a new active reservation is a
 * booking (from the waitlist when its source says so), an active one that
 * got `deletedAt` is a cancellation. Anything else (edits, ratings,
 * attendance) sends nothing.
 */
function reservationMailOf(event: DocumentChangeEvent): { id: string; kind: Exclude<MailKind, 'waitlist-closed'>; r: ClassReservationDoc } | null {
  const before = event.before?.data() as ClassReservationDoc | undefined;
  const r = event.after?.data() as ClassReservationDoc | undefined;
  if (!r) return null;
  if (!before && r.deletedAt === null) {
    return { id: reservationBookedMailId(r.class_reservation_id), kind: r.source === 'waitlist' ? 'promoted' : 'booked', r };
  }
  if (before && before.deletedAt === null && r.deletedAt !== null) {
    return { id: reservationCancelledMailId(r.class_reservation_id), kind: r.cancel_reason === 'class-cancelled' ? 'class-cancelled' : 'cancelled', r };
  }
  return null;
}

/**
 * The mailOnReservation trigger's handler: writes the booking or
 * cancellation e-mail to `mail/`, once (the id is derived from the event, and
 * created with a precondition), off the booking path (ADR 0064).
 */
export async function mailOnReservationChange(deps: MailDeps, event: DocumentChangeEvent): Promise<void> {
  const plan = reservationMailOf(event);
  if (!plan) return;
  // A cheap check first: a repeated event costs one read, not the whole gathering.
  if (await mailExists(deps.store, plan.id)) return;
  const { r, kind } = plan;
  const gathered = await gatherFacts(deps, r.uid, r.single_class_id);
  // Booking history written after the fact (a class that had already started) is not news to anyone.
  if (gathered && gathered.facts.start.getTime() <= event.time.getTime()) return;
  await write(deps, plan.id, gathered?.facts ?? null, (f) => ({
    message: reservationMessage(f, {
      kind,
      reservationId: r.class_reservation_id,
      spot: r.spot,
      guest: r.guest,
      cancelledBy: r.cancel_reason === 'admin' ? 'admin' : 'customer',
      refund: r.refund,
      classCancelReason: kind === 'class-cancelled' ? (gathered?.classCancelReason ?? null) : null,
      eventUid: reservationEventUid(r.class_reservation_id, deps.projectId),
    }),
    kind,
    customer_id: r.customer_id,
    reference: { type: 'class_reservation', id: r.class_reservation_id },
  }));
}

/**
 * The mailOnWaitlist trigger's handler: an entry that goes from waiting to
 * closed (the line closed at the cutoff, or the class was cancelled) tells
 * its customer they got no place and paid nothing.
 */
export async function mailOnWaitlistChange(deps: MailDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data() as WaitlistDoc | undefined;
  const w = event.after?.data() as WaitlistDoc | undefined;
  if (!before || !w || before.status !== 'waiting' || w.status !== 'closed') return;
  const id = waitlistClosedMailId(w.waitlist_id);
  if (await mailExists(deps.store, id)) return;
  const gathered = await gatherFacts(deps, w.uid, w.single_class_id);
  await write(deps, id, gathered?.facts ?? null, (f) => ({
    message: waitlistClosedMessage(f, { endReason: w.end_reason }),
    kind: 'waitlist-closed',
    customer_id: w.customer_id,
    reference: { type: 'waitlist', id: w.waitlist_id },
  }));
}
