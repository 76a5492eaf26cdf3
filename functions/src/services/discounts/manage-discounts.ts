import { fill } from '@studio/shared/messages';
import { packagesMessages } from '@studio/shared/messages/packages';
import { type Discount, type DiscountInput, discountSchema, type DiscountUpdateInput, normalizeDiscountCode } from '@studio/shared/schemas/discount';
import { ValidationError } from 'yup';
import { getClassPackages } from '../../data/repos/class-packages-repo';
import { allocateId } from '../../data/repos/counters-repo';
import {
  applyUseRelocation,
  archiveDiscount,
  createDiscount,
  deleteDiscount,
  type DiscountDoc,
  discountUsesSoFar,
  getCodeOwner,
  getDiscount,
  listDiscounts,
  planUseRelocation,
  replaceDiscount,
  wasDiscountUsed,
} from '../../data/repos/discounts-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { AppError, invalidFields } from '../../domain/errors';
import { toValidationAppError } from '../../domain/validation';
import { toDiscountDto } from './discount-dto';

type DiscountContent = Omit<DiscountDoc, 'discount_id' | 'times_used' | 'archivedAt' | 'createdAt' | 'updatedAt'>;

const notFound = () => new AppError('not-found', 'discounts/not-found', packagesMessages.discountNotFound);
const codeTaken = () => new AppError('conflict', 'discounts/code-taken', packagesMessages.discountCodeTaken, { code: packagesMessages.discountCodeTaken });

async function checkRules(input: DiscountInput): Promise<void> {
  try {
    await discountSchema.validate(input, { abortEarly: false, strict: true });
  } catch (error) {
    throw error instanceof ValidationError ? toValidationAppError(error) : error;
  }
}

const instantOf = (value: string | null | undefined) => (value === undefined || value === null ? null : new Date(value));

function contentOf(input: DiscountInput): DiscountContent {
  return {
    code: normalizeDiscountCode(input.code),
    is_percent: input.is_percent,
    amount: input.amount,
    first_invoice_only: input.first_invoice_only ?? false,
    valid_from: instantOf(input.valid_from),
    valid_until: instantOf(input.valid_until),
    usage_limit: input.usage_limit ?? null,
    limit_per_customer: input.limit_per_customer ?? null,
    class_package_ids: [...(input.class_package_ids ?? [])].sort((a, b) => a - b),
  };
}

function inputOf(doc: DiscountDoc): DiscountInput {
  return {
    code: doc.code,
    is_percent: doc.is_percent,
    amount: doc.amount,
    first_invoice_only: doc.first_invoice_only,
    valid_from: doc.valid_from?.toISOString() ?? null,
    valid_until: doc.valid_until?.toISOString() ?? null,
    usage_limit: doc.usage_limit,
    limit_per_customer: doc.limit_per_customer,
    class_package_ids: [...doc.class_package_ids],
  };
}

/** Packages a discount newly names must exist and not be archived (already named ones are not re-checked). */
async function checkPackages(deps: Deps, tx: Transaction, ids: readonly number[], before: DiscountDoc | null): Promise<void> {
  const known = new Set(before?.class_package_ids ?? []);
  const fresh = ids.filter((id) => !known.has(id));
  const found = await getClassPackages(deps.store, fresh, tx);
  const missing = fresh.find((id) => !found.has(id) || found.get(id)?.archivedAt);
  if (missing !== undefined) {
    throw invalidFields({ class_package_ids: fill(packagesMessages.unknownPackage, { id: missing }) });
  }
}

export async function createDiscountFromInput(deps: Deps, input: DiscountInput): Promise<Discount> {
  await checkRules(input);
  const content = contentOf(input);
  const doc = await deps.store.runTransaction(async (tx) => {
    if ((await getCodeOwner(deps.store, content.code, tx)) !== null) throw codeTaken();
    await checkPackages(deps, tx, content.class_package_ids, null);
    const id = await allocateId(deps.store, tx, 'discounts');
    const now = deps.now();
    const doc: DiscountDoc = { discount_id: id, ...content, times_used: 0, archivedAt: null, createdAt: now, updatedAt: now };
    createDiscount(deps.store, tx, doc);
    return doc;
  });
  return toDiscountDto(doc, 0);
}

/**
 * Fields omitted from the body keep their stored value; the merged discount
 * must pass every rule. Lowering usage_limit moves uses numbered above it
 * into free numbers below it, so the new limit is exact (ADR 0009).
 */
export async function updateDiscountFromInput(deps: Deps, input: DiscountUpdateInput): Promise<Discount> {
  const { discount_id: id, ...changes } = input;
  const doc = await deps.store.runTransaction(async (tx) => {
    const before = await getDiscount(deps.store, id, tx);
    if (!before || before.archivedAt) throw notFound();
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const merged: DiscountInput = { ...inputOf(before), ...defined };
    await checkRules(merged);
    const content = contentOf(merged);
    if (content.code !== before.code) {
      const owner = await getCodeOwner(deps.store, content.code, tx);
      if (owner !== null && owner !== before.discount_id) throw codeTaken();
    }
    await checkPackages(deps, tx, content.class_package_ids, before);
    const after: DiscountDoc = { ...before, ...content, updatedAt: deps.now() };
    const relocation = await planUseRelocation(deps.store, tx, before, after);
    replaceDiscount(deps.store, tx, before, after);
    applyUseRelocation(deps.store, tx, after, relocation);
    return after;
  });
  return toDiscountDto(doc, await discountUsesSoFar(deps.store, doc));
}

/**
 * Deletes a discount nobody used; a used one is archived instead (ADR 0020):
 * it stops working and leaves the admin list, its uses keep pointing at it,
 * and its code is free for a new discount.
 */
export async function deleteDiscountById(deps: Deps, id: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const doc = await getDiscount(deps.store, id, tx);
    if (!doc || doc.archivedAt) throw notFound();
    if (await wasDiscountUsed(deps.store, tx, doc)) archiveDiscount(deps.store, tx, doc, deps.now());
    else deleteDiscount(deps.store, tx, doc);
  });
}

export async function getDiscountForAdmin(deps: Deps, id: number): Promise<Discount> {
  const doc = await getDiscount(deps.store, id);
  if (!doc || doc.archivedAt) throw notFound();
  return toDiscountDto(doc, await discountUsesSoFar(deps.store, doc));
}

/** GET /discounts/admin/all, by id. */
export async function listDiscountsForAdmin(deps: Deps): Promise<Discount[]> {
  const docs = (await listDiscounts(deps.store)).filter((doc) => !doc.archivedAt).sort((a, b) => a.discount_id - b.discount_id);
  const uses = await Promise.all(docs.map((doc) => discountUsesSoFar(deps.store, doc)));
  return docs.map((doc, i) => toDiscountDto(doc, at(uses, i)));
}
