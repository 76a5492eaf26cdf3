import type { DocumentChangeEvent } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { finishClassCancellation } from './cancel-class';

/**
 * A class became cancelled: its reservations are cancelled and refunded here
 * too, so a cancellation whose API call died half way (after the class was
 * marked) finishes by itself. Running alongside the API's own run is safe
 * (finishClassCancellation refunds each reservation once); a failure is
 * retried by the platform with the same event.
 */
export async function classCancelled(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  if (after?.status !== 'cancelled' || before?.status === 'cancelled') return;
  const id = Number(after.single_class_id);
  if (!Number.isInteger(id)) return;
  await finishClassCancellation(deps, id, await studioTimezone(deps));
}
