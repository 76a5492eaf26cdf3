import { createHash, createHmac, randomBytes } from 'node:crypto';
import { serverKey } from '../../data/repos/secrets-repo';
import type { DocumentStore } from '../../data/store/types';

/**
 * A feed token: 256 bits, base64url (43 characters, safe in a path). It is
 * derived as HMAC(server key, uid + random seed) rather than stored, so the
 * customer's page can show the same URL again (GET /calendar/feed) while the
 * feed documents hold only the seed and the token's sha256: those documents
 * alone (an export, a backup without app_secrets) reveal no live URL.
 */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const KEY_NAME = 'calendar-feed';

/** Fresh randomness for a new token (a new feed, or a rotation). */
export const newFeedSeed = () => randomBytes(32).toString('base64url');

export async function feedKey(store: DocumentStore): Promise<Buffer> {
  return serverKey(store, KEY_NAME);
}

export const feedToken = (key: Buffer, uid: string, seed: string) => createHmac('sha256', key).update(`calendar-feed:${uid}:${seed}`).digest('base64url');

/** How a token is stored and looked up: sha256, hex (a document id). */
export const hashFeedToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
