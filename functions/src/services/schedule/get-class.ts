import { messages } from '@studio/shared/messages';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { listActiveReservationsOfClass } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { presentClasses } from './present-classes';

export const classNotFound = () => new AppError('not-found', 'single_class/not-found', messages.schedule.notFound);

/**
 * GET /single_class/single/{id}, cancelled or not (a notification may link
 * to it). Adds the taken spots for the spot map, without who took them.
 */
export async function getClass(deps: Deps, singleClassId: number): Promise<SingleClass> {
  const [doc, tz] = await Promise.all([getSingleClass(deps.store, singleClassId), studioTimezone(deps)]);
  if (!doc) throw classNotFound();
  const reservations = await listActiveReservationsOfClass(deps.store, singleClassId);
  const spots = reservations.map((r) => r.spot).sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const [dto] = await presentClasses(deps, [doc], tz);
  return { ...(dto as SingleClass), class_reservations: spots.map((spot) => ({ spot })) };
}
