import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { fill } from '@studio/shared/messages';
import { penaltiesMessages } from '@studio/shared/messages/penalties';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getLots } from '../../data/repos/credits-repo';
import { getJobCursor, setJobCursor } from '../../data/repos/job-cursors-repo';
import { findFreeNumber, type NumberSpace, takeNumber } from '../../data/repos/number-claims';
import {
  type ClassReservationPenaltyDoc,
  createPenalty,
  getPenalty,
  getStreakPenaltyId,
  listPenaltiesOfCustomer,
  replacePenalty,
} from '../../data/repos/penalties-repo';
import { type ClassReservationDoc, getReservation, listActiveReservationsOfClass, listReservationsOfCustomer } from '../../data/repos/reservations-repo';
import { getSingleClass, listSingleClassesBetween, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { AppError } from '../../domain/errors';
import { isUnlimited } from '../credits/ledger';
import { studioWallClock } from '../schedule/calendar';
import { newPenalty } from './new-penalty';
import { classEnd } from './rules';

const p = penaltiesMessages;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The scheduled job's name and its cursor document (`jobs/detect-no-shows`). */
export const DETECT_NO_SHOWS_JOB = 'detect-no-shows';
/** The first run (no cursor yet) looks back this far for classes that ended. */
export const FIRST_RUN_LOOKBACK_MS = 2 * DAY_MS;
/** The longest class (MAX_DURATION_MINUTES): a class ending after `from` started at most this long before it. */
const LONGEST_CLASS_MS = 600 * MINUTE_MS;
/** Classes one run processes at most; the cursor then stops at the last one processed and the next run goes on. */
export const MAX_CLASSES_PER_RUN = 200;

/** Penalty ids are claimed numbers (ADR 0009; issued by the job and by admins, never in a rush). */
export const penaltyNumbers: NumberSpace = { collection: 'class_reservation_penalty_numbers', floor: 0, max: null };

export interface PenaltySettings {
  enabled: boolean;
  /** N: consecutive no-shows that issue a penalty (at least 1). */
  noShows: number;
  /** How long a penalty blocks booking, from when it is issued. */
  days: number;
}

type StoreDeps = Pick<Deps, 'store' | 'now'>;

export async function penaltySettings(deps: Pick<Deps, 'store'>): Promise<PenaltySettings> {
  const stored = await getStoredConfig(deps.store);
  const d = appConfigDefinitions;
  const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
  return {
    enabled: typeof stored.penalties_enabled === 'boolean' ? stored.penalties_enabled : d.penalties_enabled.default,
    noShows: Math.max(1, Math.floor(num(stored.penalty_no_shows, d.penalty_no_shows.default))),
    days: Math.max(0, num(stored.penalty_days, d.penalty_days.default)),
  };
}

/** A reservation as the streak sees it: the customer's own, paid by an unlimited lot, not cancelled, its class over. */
export interface StreakEntry {
  class_reservation_id: number;
  class_date: Date;
  attend: boolean;
}

/**
 * The streaks that earn a penalty, oldest first, each the ids of N
 * consecutive no-shows (pure). Walking in class order: an attended
 * reservation resets the count; so does a no-show already spent by a penalty
 * (each no-show counts toward one penalty at most); reaching N yields a
 * streak and starts counting again.
 */
export function penaltyStreaks(entries: readonly StreakEntry[], n: number, spent: ReadonlySet<number>): number[][] {
  const ordered = [...entries].sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.class_reservation_id - b.class_reservation_id);
  const streaks: number[][] = [];
  let current: number[] = [];
  for (const entry of ordered) {
    if (entry.attend || spent.has(entry.class_reservation_id)) {
      current = [];
      continue;
    }
    current.push(entry.class_reservation_id);
    if (current.length === n) {
      streaks.push(current);
      current = [];
    }
  }
  return streaks;
}

/** No-shows a penalty spent: those of automatic penalties, unless lifted because the attendance was corrected. */
export function spentNoShows(penalties: readonly ClassReservationPenaltyDoc[]): Set<number> {
  const spent = new Set<number>();
  for (const penalty of penalties) {
    if (penalty.source !== 'no-shows' || penalty.lift_kind === 'attendance') continue;
    for (const id of penalty.reservation_ids) spent.add(id);
  }
  return spent;
}

/** Whether a reservation can count in a streak at all (before its lot and class are read). */
type CountedReservation = ClassReservationDoc & { available_class_id: number };
const mayCount = (r: ClassReservationDoc): r is CountedReservation => r.guest === null && r.deletedAt === null && r.available_class_id !== null;

/**
 * The customer's streak entries at `now`: own reservations, not cancelled,
 * paid by an unlimited lot (available_classes −1), whose (not cancelled)
 * class has ended. Everything else neither counts nor resets.
 */
async function streakEntries(deps: StoreDeps, customerId: number, now: Date): Promise<{ entries: StreakEntry[]; uid: string | null }> {
  const reservations = (await listReservationsOfCustomer(deps.store, customerId)).filter(mayCount);
  const classIds = [...new Set(reservations.map((r) => r.single_class_id))];
  const classes = new Map<number, SingleClassDoc>();
  for (const cls of await Promise.all(classIds.map((id) => getSingleClass(deps.store, id)))) if (cls) classes.set(cls.single_class_id, cls);
  const lots = await getLots(
    deps.store,
    reservations.map((r) => r.available_class_id),
  );
  const entries: StreakEntry[] = [];
  for (const r of reservations) {
    const cls = classes.get(r.single_class_id);
    const lot = lots.get(r.available_class_id);
    if (!cls || cls.status === 'cancelled' || classEnd(cls).getTime() > now.getTime() || !lot || !isUnlimited(lot)) continue;
    entries.push({ class_reservation_id: r.class_reservation_id, class_date: cls.class_date, attend: r.attend });
  }
  return { entries, uid: reservations[0]?.uid ?? null };
}

const streakKey = (customerId: number, streak: readonly number[]) => `${customerId}-${streak[streak.length - 1]}`;

/**
 * Recomputes one customer's streaks and issues a penalty for each streak
 * `due` accepts that has none yet. Each issue is one transaction that reads
 * the streak's guard document first, so a repeated or concurrent run issues
 * nothing new. Returns the penalties this call issued.
 */
export async function evaluateCustomer(
  deps: StoreDeps,
  customerId: number,
  settings: PenaltySettings,
  now: Date,
  due: (streak: readonly number[]) => boolean,
): Promise<ClassReservationPenaltyDoc[]> {
  if (!settings.enabled) return [];
  const [{ entries, uid }, penalties] = await Promise.all([streakEntries(deps, customerId, now), listPenaltiesOfCustomer(deps.store, customerId)]);
  if (uid === null) return [];
  const issued: ClassReservationPenaltyDoc[] = [];
  for (const streak of penaltyStreaks(entries, settings.noShows, spentNoShows(penalties))) {
    if (!due(streak)) continue;
    const key = streakKey(customerId, streak);
    const doc = await deps.store.runTransaction(async (tx) => {
      const earlier = await getStreakPenaltyId(deps.store, tx, key);
      // A streak issues once; again only if its penalty was lifted as a mistake (attendance corrected) and that correction was undone.
      if (earlier !== null && (await getPenalty(deps.store, earlier, tx))?.lift_kind !== 'attendance') return null;
      // The streak's reservations, read in this transaction: one checked in (or cancelled) since the history was read breaks the streak,
      // and a check-in committing meanwhile makes this transaction retry rather than penalise someone who came.
      const current = await Promise.all(streak.map((rid) => getReservation(deps.store, rid, tx)));
      if (current.some((r) => !r || r.attend || r.deletedAt !== null)) return null;
      const id = await findFreeNumber(deps.store, tx, penaltyNumbers, key);
      if (id === null) throw new Error('The penalty number space has no limit; a free number always exists.');
      const penalty = newPenalty(
        {
          class_reservation_penalty_id: id,
          customer_id: customerId,
          uid,
          source: 'no-shows',
          reservation_ids: [...streak],
          streak_key: key,
          end_date: new Date(now.getTime() + settings.days * DAY_MS),
          reason: null,
          issued_by: null,
        },
        now,
      );
      takeNumber(deps.store, tx, penaltyNumbers, id, { customer_id: customerId });
      createPenalty(deps.store, tx, penalty, earlier !== null);
      return penalty;
    });
    if (doc) issued.push(doc);
  }
  return issued;
}

export interface DetectionRun {
  /** Classes that ended in (from, until] and were looked at. */
  from: Date;
  until: Date;
  classes: number;
  customers: number;
  issued: ClassReservationPenaltyDoc[];
}

/**
 * The detectNoShows job: classes that ended since the last run (cursor
 * `jobs/detect-no-shows`; the first run looks back two days), their
 * no-shows paid by unlimited lots, and for each such customer the streak
 * recomputed; a streak completed by one of these no-shows issues its
 * penalty (older streaks are left alone: turning penalties on does not
 * punish the past). With penalties off, the cursor moves and nothing is
 * issued. Idempotent: re-running, or running over the same window again,
 * issues nothing new.
 */
export async function detectNoShows(deps: StoreDeps, now: Date): Promise<DetectionRun> {
  const [settings, cursor] = await Promise.all([penaltySettings(deps), getJobCursor(deps.store, DETECT_NO_SHOWS_JOB)]);
  const from = cursor?.until ?? new Date(now.getTime() - FIRST_RUN_LOOKBACK_MS);
  if (!settings.enabled || from.getTime() >= now.getTime()) {
    if (from.getTime() < now.getTime()) await setJobCursor(deps.store, DETECT_NO_SHOWS_JOB, { until: now, updatedAt: now });
    return { from, until: now, classes: 0, customers: 0, issued: [] };
  }
  const candidates = await listSingleClassesBetween(deps.store, { from: new Date(from.getTime() - LONGEST_CLASS_MS), to: now });
  const ended = candidates
    .filter((cls) => cls.status !== 'cancelled' && classEnd(cls).getTime() > from.getTime() && classEnd(cls).getTime() <= now.getTime())
    .sort((a, b) => classEnd(a).getTime() - classEnd(b).getTime() || a.single_class_id - b.single_class_id);
  let batch = ended;
  let until = now;
  if (ended.length > MAX_CLASSES_PER_RUN) {
    // Stop at a class end, keeping every class that ends then, so the next run (ends > until) misses none.
    const lastEnd = classEnd(ended[MAX_CLASSES_PER_RUN - 1] as SingleClassDoc).getTime();
    batch = ended.filter((cls) => classEnd(cls).getTime() <= lastEnd);
    until = new Date(lastEnd);
  }
  const noShows: CountedReservation[] = [];
  for (const cls of batch) {
    const active = await listActiveReservationsOfClass(deps.store, cls.single_class_id);
    noShows.push(...active.filter(mayCount).filter((r) => !r.attend));
  }
  const lots = await getLots(
    deps.store,
    noShows.map((r) => r.available_class_id),
  );
  const triggers = new Set<number>();
  const customers = new Set<number>();
  for (const r of noShows) {
    const lot = lots.get(r.available_class_id);
    if (!lot || !isUnlimited(lot)) continue;
    triggers.add(r.class_reservation_id);
    customers.add(r.customer_id);
  }
  const issued: ClassReservationPenaltyDoc[] = [];
  for (const customerId of customers) {
    issued.push(...(await evaluateCustomer(deps, customerId, settings, now, (streak) => triggers.has(at(streak, streak.length - 1)))));
  }
  await setJobCursor(deps.store, DETECT_NO_SHOWS_JOB, { until, updatedAt: now });
  return { from, until, classes: batch.length, customers: customers.size, issued };
}

/**
 * The penalty that blocks the customer's booking at `now`, or null: not
 * lifted, started, and ending after `now` (the one ending last if several).
 * Issued penalties block whatever `penalties_enabled` says now (the setting
 * turns detection on and off; admins lift penalties one by one). Through
 * `tx`, a penalty issued or lifted meanwhile makes the caller retry.
 */
export async function activePenalty(deps: Pick<Deps, 'store'>, customerId: number, now: Date, tx?: Transaction): Promise<ClassReservationPenaltyDoc | null> {
  const penalties = await listPenaltiesOfCustomer(deps.store, customerId, tx);
  const active = penalties.filter((x) => isActive(x, now)).sort((a, b) => b.end_date.getTime() - a.end_date.getTime());
  return active[0] ?? null;
}

export const isActive = (penalty: Pick<ClassReservationPenaltyDoc, 'lifted_at' | 'start_date' | 'end_date'>, now: Date) =>
  penalty.lifted_at === null && penalty.start_date.getTime() <= now.getTime() && penalty.end_date.getTime() > now.getTime();

/** The refusal for booking (or promotion) under a penalty: 412 booking/penalty, with when booking opens again in the studio's time. */
export function penaltyRefusal(penalty: ClassReservationPenaltyDoc, tz: string): AppError {
  const until = studioWallClock(penalty.end_date, tz);
  const message =
    penalty.source === 'no-shows'
      ? fill(p.bookingRefused, { n: penalty.reservation_ids.length, date: until.date, time: until.time })
      : fill(p.bookingRefusedByAdmin, { date: until.date, time: until.time });
  return new AppError('precondition', 'booking/penalty', message);
}

/**
 * An admin marked `reservation` attended: the customer's penalties (read in
 * `tx`) that counted it as a no-show are lifted (`lift_kind: 'attendance'`),
 * since their streak never happened. Reads only; the returned writer writes
 * (a Firestore transaction reads before it writes). Returns the lifted ones.
 */
export async function liftForAttendance(
  deps: Pick<Deps, 'store'>,
  tx: Transaction,
  reservation: ClassReservationDoc,
  classDate: Date,
  by: string,
  tz: string,
  now: Date,
): Promise<{ lifted: ClassReservationPenaltyDoc[]; write: () => void }> {
  const penalties = await listPenaltiesOfCustomer(deps.store, reservation.customer_id, tx);
  const when = studioWallClock(classDate, tz);
  const lifted = penalties
    .filter((x) => x.lifted_at === null && x.reservation_ids.includes(reservation.class_reservation_id))
    .map((x): ClassReservationPenaltyDoc => ({
      ...x,
      lifted_at: now,
      lifted_by: by,
      lift_reason: fill(p.liftedByAttendance, { date: when.date, time: when.time }),
      lift_kind: 'attendance',
      updatedAt: now,
    }));
  return { lifted, write: () => lifted.forEach((x) => replacePenalty(deps.store, tx, x)) };
}
