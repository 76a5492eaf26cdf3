/**
 * PayPal's webhook signature, structured as PayPal's: the signed string is
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`.
 * PayPal signs it with an RSA key behind PAYPAL-CERT-URL; the fake uses an
 * HMAC with a key that never leaves the process, so the only way to verify a
 * delivery is to ask the fake (POST /v1/notifications/verify-webhook-signature),
 * exactly what the app does against PayPal.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { crc32 } from 'node:zlib';
import type { Timeline } from '../fake-clock';
import type { FakeStore } from './fake-store';

const AUTH_ALGO = 'SHA256withRSA';
export const CERT_PATH = '/certs/fake.pem';

export interface TransmissionHeaders {
  'PAYPAL-TRANSMISSION-ID': string;
  'PAYPAL-TRANSMISSION-TIME': string;
  'PAYPAL-TRANSMISSION-SIG': string;
  'PAYPAL-CERT-URL': string;
  'PAYPAL-AUTH-ALGO': string;
}

export interface VerificationClaim {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  webhook_event: unknown;
}

export interface WebhookSigner {
  /** Signs one delivery of an event's body and records it for later verification. */
  sign(eventId: string, body: string): TransmissionHeaders;
  verify(claim: VerificationClaim): 'SUCCESS' | 'FAILURE';
}

export function createWebhookSigner(store: FakeStore, options: { webhookId: string; certUrl: () => string; time: Timeline }): WebhookSigner {
  const key = randomBytes(32);
  const signatureOf = (transmissionId: string, time: string, webhookId: string, body: string): string =>
    createHmac('sha256', key)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`)
      .digest('base64');

  return {
    sign(eventId, body) {
      const transmissionId = randomUUID();
      // PayPal's transmission time keeps milliseconds, unlike its resource timestamps; the fake's clock gives it.
      const time = new Date(options.time.now()).toISOString();
      const signature = signatureOf(transmissionId, time, options.webhookId, body);
      const certUrl = options.certUrl();
      store.transmissions.set(transmissionId, { eventId, body, time, signature, certUrl });
      return {
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-TIME': time,
        'PAYPAL-TRANSMISSION-SIG': signature,
        'PAYPAL-CERT-URL': certUrl,
        'PAYPAL-AUTH-ALGO': AUTH_ALGO,
      };
    },
    verify(claim) {
      const sent = store.transmissions.get(claim.transmission_id);
      if (!sent || claim.auth_algo !== AUTH_ALGO || claim.cert_url !== sent.certUrl || claim.transmission_time !== sent.time) return 'FAILURE';
      if (claim.webhook_id !== options.webhookId) return 'FAILURE';
      // The receiver sends the event it parsed from the body it got; any change to that body shows here.
      if (!isDeepStrictEqual(claim.webhook_event, JSON.parse(sent.body))) return 'FAILURE';
      const expected = Buffer.from(signatureOf(claim.transmission_id, claim.transmission_time, claim.webhook_id, sent.body));
      const given = Buffer.from(claim.transmission_sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? 'SUCCESS' : 'FAILURE';
    },
  };
}
