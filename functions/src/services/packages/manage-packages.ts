import { fill } from '@studio/shared/messages';
import { packagesMessages } from '@studio/shared/messages/packages';
import { type ClassPackageInput, classPackageSchema, type ClassPackageUpdateInput } from '@studio/shared/schemas/class-package';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { ValidationError } from 'yup';
import { getClassTypeNames } from '../../data/repos/catalogue-repo';
import { type ClassPackageDoc, createClassPackage, deleteClassPackage, getClassPackage, replaceClassPackage } from '../../data/repos/class-packages-repo';
import { allocateId } from '../../data/repos/counters-repo';
import { packageHasPurchases } from '../../data/repos/purchases-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { toValidationAppError } from '../../domain/validation';
import { packageTerms, toClassPackageDto } from './package-dto';

type PackageContent = Omit<ClassPackageDoc, 'class_package_id' | 'archivedAt' | 'createdAt' | 'updatedAt'>;

const notFound = () => new AppError('not-found', 'packages/not-found', packagesMessages.adminNotFound);
const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** The combined rules, on the whole package (a create body, or an update merged over what is stored). */
async function checkRules(input: ClassPackageInput): Promise<void> {
  try {
    await classPackageSchema.validate(input, { abortEarly: false, strict: true });
  } catch (error) {
    throw error instanceof ValidationError ? toValidationAppError(error) : error;
  }
}

/**
 * What is stored for a valid input. Values that belong to another kind of
 * package are dropped (a period on a one-off, a file_url that is not
 * downloadable), so a document never describes two kinds at once.
 */
function contentOf(input: ClassPackageInput): PackageContent {
  const isSubscription = input.is_subscription ?? false;
  const isTrial = isSubscription && (input.is_trial ?? false);
  const downloadable = input.downloadable ?? false;
  return {
    title: input.title.trim(),
    description: text(input.description),
    short_description: text(input.short_description),
    price: input.price,
    sale_price: input.sale_price ?? null,
    class_amount: input.class_amount,
    expiration_days: input.expiration_days ?? null,
    is_subscription: isSubscription,
    subscription_period: isSubscription ? (input.subscription_period as ClassPackageDoc['subscription_period']) : null,
    subscription_interval: isSubscription ? (input.subscription_interval ?? null) : null,
    is_trial: isTrial,
    free_trial_length: isTrial ? (input.free_trial_length ?? null) : null,
    free_trial_period: isTrial ? 'day' : null,
    is_special_event: input.is_special_event ?? false,
    limit_per_customer: input.limit_per_customer ?? null,
    purchase_limit: input.purchase_limit ?? null,
    allowed_times:
      input.allowed_times && input.allowed_times.length > 0
        ? input.allowed_times.map((w) => ({ weekdays: [...w.weekdays], start: w.start, end: w.end }))
        : null,
    class_package_types: (input.class_package_types ?? []).map((entry) => ({
      class_type_id: entry.class_type_id,
      class_amount: entry.class_amount,
      expiration_days: entry.expiration_days ?? null,
    })),
    downloadable,
    file_url: downloadable ? (input.file_url ?? null) : null,
    is_online: input.is_online ?? false,
    home: input.home ?? false,
    status: input.status ?? 'active',
    image: input.image ? { src: input.image.src } : null,
    receipt_file: input.receipt_file ? { src: input.receipt_file.src } : null,
  };
}

/** The stored package as an input, so an update can be merged over it and checked as a whole. */
function inputOf(doc: ClassPackageDoc): ClassPackageInput {
  return {
    ...packageTerms(doc),
    class_package_types: doc.class_package_types.map((entry) => ({ ...entry })),
    downloadable: doc.downloadable,
    file_url: doc.file_url,
    is_online: doc.is_online,
    home: doc.home,
    status: doc.status,
    image: doc.image,
    receipt_file: doc.receipt_file ?? null,
  };
}

/**
 * Reads the class types a package newly refers to (inside the transaction)
 * and refuses unknown ones; types already on the stored package are not
 * re-checked, so an unrelated edit never fails because a type was removed.
 */
async function readClassTypes(deps: Deps, tx: Transaction, content: PackageContent, before: ClassPackageDoc | null): Promise<Map<number, string>> {
  const ids = content.class_package_types.map((entry) => entry.class_type_id);
  const names = await getClassTypeNames(deps.store, ids, tx);
  const known = new Set(before?.class_package_types.map((entry) => entry.class_type_id) ?? []);
  const fields: Record<string, string> = {};
  content.class_package_types.forEach((entry, index) => {
    if (!names.has(entry.class_type_id) && !known.has(entry.class_type_id)) {
      fields[`class_package_types[${index}].class_type_id`] = fill(packagesMessages.unknownClassType, { id: entry.class_type_id });
    }
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return names;
}

export async function createPackage(deps: Deps, input: ClassPackageInput): Promise<ClassPackage> {
  await checkRules(input);
  const content = contentOf(input);
  const { doc, names } = await deps.store.runTransaction(async (tx) => {
    const names = await readClassTypes(deps, tx, content, null);
    const id = await allocateId(deps.store, tx, 'class_packages');
    const now = deps.now();
    const doc: ClassPackageDoc = { class_package_id: id, ...content, archivedAt: null, createdAt: now, updatedAt: now };
    createClassPackage(deps.store, tx, doc);
    return { doc, names };
  });
  return toClassPackageDto(doc, names, 'admin');
}

/** Fields omitted from the body keep their stored value; the merged package must pass every rule. */
export async function updatePackage(deps: Deps, input: ClassPackageUpdateInput): Promise<ClassPackage> {
  const { class_package_id: id, ...changes } = input;
  const { doc, names } = await deps.store.runTransaction(async (tx) => {
    const before = await getClassPackage(deps.store, id, tx);
    if (!before || before.archivedAt) throw notFound();
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const merged: ClassPackageInput = { ...inputOf(before), ...defined };
    await checkRules(merged);
    const content = contentOf(merged);
    const names = await readClassTypes(deps, tx, content, before);
    const doc: ClassPackageDoc = { ...before, ...content, updatedAt: deps.now() };
    replaceClassPackage(deps.store, tx, doc);
    return { doc, names };
  });
  return toClassPackageDto(doc, names, 'admin');
}

/**
 * Deletes a package that was never sold; a package with any purchase is
 * archived instead (ADR 0020): inactive, off the home, listed nowhere, its
 * document kept so purchases and reports still resolve it.
 */
export async function deletePackage(deps: Deps, id: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const doc = await getClassPackage(deps.store, id, tx);
    if (!doc || doc.archivedAt) throw notFound();
    if (await packageHasPurchases(deps.store, id, tx)) {
      const now = deps.now();
      replaceClassPackage(deps.store, tx, { ...doc, status: 'inactive', home: false, archivedAt: now, updatedAt: now });
    } else {
      deleteClassPackage(deps.store, tx, id);
    }
  });
}

/** Adds a package to (or removes it from) the landing page's packages section. Idempotent. */
export async function setPackageHome(deps: Deps, id: number, home: boolean): Promise<ClassPackage> {
  const doc = await deps.store.runTransaction(async (tx) => {
    const before = await getClassPackage(deps.store, id, tx);
    if (!before || before.archivedAt) throw notFound();
    const after: ClassPackageDoc = { ...before, home, updatedAt: deps.now() };
    replaceClassPackage(deps.store, tx, after);
    return after;
  });
  return toClassPackageDto(
    doc,
    await getClassTypeNames(
      deps.store,
      doc.class_package_types.map((entry) => entry.class_type_id),
    ),
    'admin',
  );
}
