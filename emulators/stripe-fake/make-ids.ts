import { randomBytes, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  return Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** Stripe-looking ids (`pi_3Q…`); checkout sessions carry the `cs_test_` prefix of test mode. */
export const newId = (prefix: string): string => `${prefix}_${randomToken(24)}`;

export const clientSecretFor = (id: string): string => `${id}_secret_${randomToken(24)}`;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const randomDigits = (length: number): string => Array.from({ length }, () => randomInt(10)).join('');
