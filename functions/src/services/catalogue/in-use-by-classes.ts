import type { CatalogueCollection } from '@studio/shared/error-codes';
import { type ClassReference, hasUpcomingClassUsing } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';

/**
 * ADR 0010: a record that an upcoming scheduled class still uses cannot be
 * deleted; the studio reassigns or cancels those classes first. Past and
 * cancelled classes do not block (the record is archived, so they still resolve).
 */
export async function refuseIfScheduled(deps: Deps, tx: Transaction, collection: CatalogueCollection, ref: ClassReference, message: string): Promise<void> {
  if (await hasUpcomingClassUsing(deps.store, tx, ref, deps.now())) {
    throw new AppError('conflict', `${collection}/in-use`, message);
  }
}
