import { studioDay } from '@studio/shared/format/dates';
import { accessMessages } from '@studio/shared/messages/access';
import type { AvailableClass, AvailableClassCreateInput, AvailableClassUpdateInput } from '@studio/shared/schemas/access';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type ClassTypeDoc, getRecord } from '../../data/repos/catalogue-repo';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { type AvailableClassDoc, getLot, listLotsOfCustomer, listLotsOfUid } from '../../data/repos/credits-repo';
import { getCustomerById, getCustomerByUid } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { AppError, invalidFields } from '../../domain/errors';
import { byExpiry, isUsable } from '../credits/balance';
import { endOfStudioDay, studioTimezone } from '../credits/expiry';
import { changeLot, grantLot, isUnlimited, type LedgerContext, revokeLot } from '../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../credits/membership';
import type { IdempotencyGuard } from '../idempotency';
import { toAvailableClassDto } from './dto';
import { customerNotFound, GRANT_STATUS } from './give-access';

const lotNotFound = () => new AppError('not-found', 'access/lot-not-found', accessMessages.lotNotFound);
const invalidField = (field: string, message: string) => invalidFields({ [field]: message });

/** In-person lots that can pay for a class now, in the order they are spent. Online memberships are not credits. */
const inPersonUsable = (lots: AvailableClassDoc[], now: Date) => lots.filter((lot) => !lot.is_online && isUsable(lot, now)).sort(byExpiry);

/** GET /available_classes: the caller's usable in-person lots, earliest expiry first. */
export async function listOwnLots(deps: Deps, identity: VerifiedIdentity): Promise<AvailableClass[]> {
  const [lots, tz] = await Promise.all([listLotsOfUid(deps.store, identity.uid), studioTimezone(deps)]);
  const now = deps.now();
  return inPersonUsable(lots, now).map((lot) => toAvailableClassDto(lot, tz, now));
}

/**
 * GET /available_classes/date/all?date: the caller's usable in-person lots
 * still valid on that studio calendar day (default today), i.e. those that can
 * pay for a class that day (ADR 0043).
 */
export async function listOwnLotsOnDate(
  deps: Deps,
  identity: VerifiedIdentity,
  date: string | undefined,
): Promise<{ date: string; available_classes: AvailableClass[] }> {
  const [lots, tz] = await Promise.all([listLotsOfUid(deps.store, identity.uid), studioTimezone(deps)]);
  const now = deps.now();
  const day = date ?? studioDay(now, tz);
  const valid = inPersonUsable(lots, now).filter((lot) => lot.expiration_date === null || studioDay(lot.expiration_date, tz) >= day);
  return { date: day, available_classes: valid.map((lot) => toAvailableClassDto(lot, tz, now)) };
}

/** GET /available_classes/{id}: the owner's (or, for admins, anyone's); 404 for everyone else, so ids reveal nothing. */
export async function getLotFor(deps: Deps, identity: VerifiedIdentity, id: number): Promise<AvailableClass> {
  const [lot, tz] = await Promise.all([getLot(deps.store, id), studioTimezone(deps)]);
  if (!lot || (lot.uid !== identity.uid && !identity.admin)) throw lotNotFound();
  return toAvailableClassDto(lot, tz, deps.now());
}

/** An admin's calendar day as the lot's expiry: the end of that studio day; a past day is refused. */
function expiryOf(day: string | null, tz: string, now: Date): Date | null {
  if (day === null) return null;
  if (day < studioDay(now, tz)) throw invalidField('expiration_date', accessMessages.expirationInPast);
  return endOfStudioDay(day, tz);
}

const adminContext = (admin: VerifiedIdentity, reason: string | null | undefined): LedgerContext => ({
  actor: { uid: admin.uid, role: 'admin' },
  reason: reason?.trim() || null,
});

/**
 * POST /available_classes (admin): credits outside any purchase, granted
 * through the ledger; with an idempotency key, the answer a retry gets is
 * stored in the same transaction (the route's body, `{available_class}`).
 */
export async function createLotForCustomer(
  deps: Deps,
  admin: VerifiedIdentity,
  input: AvailableClassCreateInput,
  guard: IdempotencyGuard | null = null,
): Promise<AvailableClass> {
  const tz = await studioTimezone(deps);
  return deps.store.runTransaction(async (tx) => {
    await guard?.hold(tx);
    const customer = await getCustomerById(deps.store, input.customer_id, tx);
    if (!customer) throw customerNotFound();
    const classTypeId = input.class_type_id ?? null;
    if (classTypeId !== null) {
      const classType = await getRecord<ClassTypeDoc>(deps.store, 'class_types', classTypeId, tx);
      if (!classType || classType.deletedAt) throw invalidField('class_type_id', accessMessages.classTypeNotFound);
    }
    const existing = await listLotsOfCustomer(deps.store, customer.customer_id, tx);
    const now = deps.now();
    const expiration = expiryOf(input.expiration_date ?? null, tz, now);
    const ids = await allocateSpreadIds(deps.store, tx, { available_classes: 1 }, customer.uid);
    const lot = grantLot(
      deps,
      tx,
      {
        available_class_id: at(ids.available_classes, 0),
        customer_id: customer.customer_id,
        uid: customer.uid,
        purchase_id: null,
        class_package_id: null,
        available_classes: input.available_classes,
        initial_classes: input.available_classes,
        expiration_date: expiration,
        class_type_id: classTypeId,
        class_types: classTypeId === null ? [] : [classTypeId],
        allowed_times: input.allowed_times && input.allowed_times.length > 0 ? input.allowed_times : null,
        is_online: false,
        status: 'active',
        cancels_used: 0,
        createdAt: now,
        updatedAt: now,
      },
      adminContext(admin, input.reason),
    );
    refreshUnlimitedMembership(deps, tx, customer, lotsAfter(existing, [lot]));
    const created = toAvailableClassDto(lot, tz, now);
    guard?.record(tx, { status: GRANT_STATUS, body: { available_class: created } });
    return created;
  });
}

/**
 * PUT /available_classes (admin): sets the count and/or the expiry day. The
 * ledger records the difference (kind 'adjust'), so an edit is explained like
 * any other change; a finite lot stays finite and an unlimited one unlimited.
 */
export async function updateLotForCustomer(deps: Deps, admin: VerifiedIdentity, input: AvailableClassUpdateInput): Promise<AvailableClass> {
  const tz = await studioTimezone(deps);
  const lot = await deps.store.runTransaction(async (tx) => {
    const before = await getLot(deps.store, input.available_class_id, tx);
    if (!before) throw lotNotFound();
    const customer = await getCustomerByUid(deps.store, before.uid, tx);
    const existing = await listLotsOfCustomer(deps.store, before.customer_id, tx);
    const now = deps.now();
    const count = input.available_classes ?? before.available_classes;
    if ((count === -1) !== isUnlimited(before)) throw invalidField('available_classes', accessMessages.unlimitedIsFixed);
    const expiration = input.expiration_date === undefined ? before.expiration_date : expiryOf(input.expiration_date, tz, now);
    const delta = isUnlimited(before) ? 0 : count - before.available_classes;
    if (delta === 0 && (expiration?.getTime() ?? null) === (before.expiration_date?.getTime() ?? null)) {
      if (before.status === 'revoked') throw new AppError('precondition', 'credits/revoked', accessMessages.lotRevoked);
      return before;
    }
    const after = changeLot(deps, tx, { ...before, expiration_date: expiration }, delta, 'adjust', adminContext(admin, input.reason));
    if (customer) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(existing, [after]));
    return after;
  });
  return toAvailableClassDto(lot, tz, deps.now());
}

/** DELETE /available_classes/{id} (admin): revokes the lot through the ledger; a revoked lot is a 409, like revokeAccess. */
export async function deleteLotOfCustomer(deps: Deps, admin: VerifiedIdentity, id: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const lot = await getLot(deps.store, id, tx);
    if (!lot) throw lotNotFound();
    if (lot.status === 'revoked') throw new AppError('conflict', 'access/already-revoked', accessMessages.alreadyRevoked);
    const customer = await getCustomerByUid(deps.store, lot.uid, tx);
    const existing = await listLotsOfCustomer(deps.store, lot.customer_id, tx);
    const revoked = revokeLot(deps, tx, lot, adminContext(admin, null));
    if (customer) refreshUnlimitedMembership(deps, tx, customer, lotsAfter(existing, [revoked]));
  });
}
