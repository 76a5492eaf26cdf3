import { randomBytes, randomInt } from 'node:crypto';
import type { Timeline } from '../fake-clock';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Stripe-looking ids (`pi_3Q…`); checkout sessions carry the `cs_test_` prefix of test mode. */
export const newId = (prefix: string): string => `${prefix}_${randomToken(24)}`;

export const clientSecretFor = (id: string): string => `${id}_secret_${randomToken(24)}`;

/** The fake's time in Stripe's unit (seconds), from its clock. */
export const nowSeconds = (context: { time: Timeline }): number => Math.floor(context.time.now() / 1000);

export const randomDigits = (length: number): string => Array.from({ length }, () => randomInt(10)).join('');
