/**
 * Shared set-up for the schedule tests: a small catalogue, the studio zone,
 * credit lots granted through the ledger and reservations booked the way the
 * booking flow does with its count trigger (lot −1 with a 'book' entry, `class_counts` booked +1), all in
 * one transaction each.
 */
import type { SingleClassCreateInput } from '@studio/shared/schemas/single-class';
import { type AvailableClassDoc, getLot, listLedgerOfCustomer } from '../../../src/data/repos/credits-repo';
import { createReservation } from '../../../src/data/repos/reservations-repo';
import { getClassCounts, getSingleClass, writeClassCounts } from '../../../src/data/repos/single-classes-repo';
import type { DocumentStore } from '../../../src/data/store/types';
import type { Deps } from '../../../src/deps';
import { newReservation } from '../../../src/services/booking/new-reservation';
import { changeLot, grantLot } from '../../../src/services/credits/ledger';

export const ADMIN_UID = 'admin-valeria';

export async function seedScheduleCatalogue(store: DocumentStore): Promise<void> {
  const docs: Array<[string, Record<string, unknown>]> = [
    ['class_types/1', { class_type_id: 1, name: 'Indoor Cycling', description: 'Bici', icon: 'bike', spot_map: '4,5,5,4', file: null }],
    ['class_types/2', { class_type_id: 2, name: 'Yoga Vinyasa', description: 'Flujo', icon: 'lotus', spot_map: null, file: null }],
    ['locations/1', { location_id: 1, name: 'Latido Roma', address: 'Álvaro Obregón 120' }],
    ['locations/2', { location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45' }],
    ['instructors/1', { instructor_id: 1, name: 'Mariana', last_name: 'Gutiérrez', nick_name: 'Mar', birthdate: '1990-06-02', file: null, instagram: '@mar' }],
    ['instructors/2', { instructor_id: 2, name: 'Rodrigo', last_name: 'Fuentes', nick_name: 'Rod', birthdate: null, file: null }],
    ['instructors/3', { instructor_id: 3, name: 'Lucía', last_name: 'Morales', nick_name: 'Lu', birthdate: null, file: null }],
    ['tags/1', { tag_id: 1, name: 'Principiantes', color: '#2b9fa8' }],
    ['tags/2', { tag_id: 2, name: 'Intenso', color: '#d9485f' }],
    ['class_categories/1', { class_category_id: 1, name: 'Cardio' }],
    ['class_packages/3', { class_package_id: 3, title: 'Paquete 5 Clases' }],
  ];
  const batch = store.batch();
  for (const [path, data] of docs) batch.set(store.doc(path), data);
  await batch.commit();
}

export async function setStudioZone(store: DocumentStore, timezone: string): Promise<void> {
  await store.doc('app_config/main').set({ values: { timezone } }, { merge: true });
}

/** A yoga class (no spot map) at Roma with Lucía; override what a test is about. */
export function yogaClass(overrides: Partial<SingleClassCreateInput> = {}): SingleClassCreateInput {
  return { date: '2026-12-01', start_time: '07:00', duration_minutes: 50, capacity: 12, class_type_id: 2, location_id: 1, instructor_ids: [3], ...overrides };
}

export interface LotSpec {
  id: number;
  customerId: number;
  uid: string;
  credits: number;
  expiration?: Date | null;
}

export async function giveLot(deps: Deps, spec: LotSpec): Promise<AvailableClassDoc> {
  const now = deps.now();
  const lot: AvailableClassDoc = {
    available_class_id: spec.id,
    customer_id: spec.customerId,
    uid: spec.uid,
    purchase_id: null,
    class_package_id: 3,
    available_classes: spec.credits,
    initial_classes: spec.credits,
    expiration_date: spec.expiration === undefined ? new Date(now.getTime() + 30 * 86_400_000) : spec.expiration,
    class_type_id: null,
    class_types: [],
    allowed_times: null,
    is_online: false,
    status: 'active',
    cancels_used: 0,
    createdAt: now,
    updatedAt: now,
  };
  return deps.store.runTransaction(async (tx) => grantLot(deps, tx, lot, { actor: { uid: ADMIN_UID, role: 'admin' }, reason: 'prueba' }));
}

export interface BookSpec {
  reservationId: number;
  classId: number;
  customerId: number;
  uid: string;
  lotId: number | null;
  spot?: number | null;
  guest?: string | null;
}

/** What the booking flow will do: spend one credit ('book'), add the reservation, count it on the class. */
export async function book(deps: Deps, spec: BookSpec): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const cls = await getSingleClass(deps.store, spec.classId, tx);
    const lot = spec.lotId === null ? null : await getLot(deps.store, spec.lotId, tx);
    const counts = (await getClassCounts(deps.store, [spec.classId], tx)).get(spec.classId);
    if (!cls) throw new Error(`no class ${spec.classId}`);
    if (spec.lotId !== null && !lot) throw new Error(`no lot ${spec.lotId}`);
    const now = deps.now();
    if (lot) changeLot(deps, tx, lot, -1, 'book', { actor: { uid: spec.uid, role: 'customer' }, reference: { type: 'single_class', id: spec.classId } });
    const reservation = newReservation(
      {
        class_reservation_id: spec.reservationId,
        single_class_id: spec.classId,
        customer_id: spec.customerId,
        uid: spec.uid,
        available_class_id: spec.lotId,
        spot: spec.spot ?? null,
        seat: null,
        guest: spec.guest ?? null,
        is_cash: spec.lotId === null,
        is_paid: spec.lotId !== null,
        source: 'customer',
      },
      now,
    );
    createReservation(deps.store, tx, reservation);
    writeClassCounts(deps.store, tx, { single_class_id: spec.classId, booked: (counts?.booked ?? 0) + 1, held_for_waitlist: 0, updatedAt: now });
  });
}

/** For every finite lot of the customer: the sum of its ledger deltas equals its count. */
export async function ledgerMismatches(store: DocumentStore, customerId: number): Promise<string[]> {
  const entries = await listLedgerOfCustomer(store, customerId);
  const lots = await store.collection('available_classes').where('customer_id', '==', customerId).get();
  const problems: string[] = [];
  for (const snap of lots.docs) {
    const lot = snap.data() as unknown as AvailableClassDoc;
    if (lot.available_classes === -1) continue;
    const sum = entries.filter((e) => e.available_class_id === lot.available_class_id).reduce((total, e) => total + e.delta, 0);
    if (sum !== lot.available_classes) problems.push(`lot ${lot.available_class_id}: ledger ${sum} ≠ count ${lot.available_classes}`);
  }
  return problems;
}
