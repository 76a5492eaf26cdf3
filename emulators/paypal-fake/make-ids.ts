import { randomBytes } from 'node:crypto';
import type { Timeline } from '../fake-clock';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomUpper(length: number): string {
  return Array.from(randomBytes(length), (byte) => UPPER[byte % UPPER.length]).join('');
}

/** PayPal-looking ids: orders and captures are 17 upper-case characters; catalog and billing ids carry a prefix. */
export const orderId = (): string => randomUpper(17);
export const captureId = (): string => randomUpper(17);
export const refundId = (): string => randomUpper(17);
export const saleId = (): string => randomUpper(17);
export const payerId = (): string => randomUpper(13);
export const productId = (): string => `PROD-${randomUpper(17)}`;
export const planId = (): string => `P-${randomUpper(24)}`;
export const subscriptionId = (): string => `I-${randomUpper(12)}`;
export const approvalToken = (): string => `BA-${randomUpper(17)}`;
export const eventId = (): string => `WH-${randomUpper(17)}-${randomUpper(17)}`;
export const accessToken = (): string => `A21AA${randomBytes(48).toString('base64url')}`;
export const debugId = (): string => randomBytes(7).toString('hex').slice(0, 13);

/** PayPal's timestamps: ISO 8601 in UTC without milliseconds. */
export const isoTime = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/** The fake's time (its clock) as PayPal writes timestamps. */
export const nowIso = (context: { time: Timeline }): string => isoTime(new Date(context.time.now()));
