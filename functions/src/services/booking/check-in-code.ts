import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHECK_IN_CODE_PATTERN } from '@studio/shared/schemas/class-roster';
import { serverKey } from '../../data/repos/secrets-repo';
import type { Deps } from '../../deps';

/** The studio's check-in key: `app_secrets/check-in`, random, created on first use, never shown. */
const KEY_NAME = 'check-in';

const tagOf = (key: Buffer, id: number) => createHmac('sha256', key).update(`class_reservation:${id}`).digest('hex').slice(0, 6);

/**
 * What a reservation's QR shows: `R{class_reservation_id}-{6 hex}`, the hex
 * the start of an HMAC-SHA256 of the id under the studio's secret key. It is
 * derived, so the reservation stores nothing; without the key a code cannot
 * be made up from an id (1 in 16.7 million per guess, and only admins can try).
 */
export async function checkInCode(deps: Pick<Deps, 'store'>, classReservationId: number): Promise<string> {
  return `R${classReservationId}-${tagOf(await serverKey(deps.store, KEY_NAME), classReservationId)}`;
}

/** The reservation id a code names, or null when the code is not one the studio made. */
export async function reservationIdOfCode(deps: Pick<Deps, 'store'>, code: string): Promise<number | null> {
  const match = CHECK_IN_CODE_PATTERN.exec(code);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const expected = Buffer.from(tagOf(await serverKey(deps.store, KEY_NAME), id));
  const given = Buffer.from((match[2] as string).toLowerCase());
  return timingSafeEqual(expected, given) ? id : null;
}
