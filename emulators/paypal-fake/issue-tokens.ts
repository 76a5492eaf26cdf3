/**
 * OAuth 2.0 client credentials, as PayPal's POST /v1/oauth2/token: Basic
 * auth with the REST app's client id and secret, form body
 * `grant_type=client_credentials`. Tokens outlive /_control/reset, as a
 * running server caches its token across test cases.
 */
import { accessToken } from './make-ids';
import { authenticationFailure } from './paypal-errors';

/** PayPal's tokens last nine hours. */
const LIFETIME_SECONDS = 32_400;

export interface TokenReply {
  status: number;
  body: Record<string, unknown>;
}

export interface TokenIssuer {
  issue(authorization: string | undefined, body: string): TokenReply;
  /** Throws PayPal's AUTHENTICATION_FAILURE unless the header carries a live token. */
  check(authorization: string | undefined): void;
}

function basicCredentials(authorization: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic (.+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function createTokenIssuer(clientId: string, clientSecret: string): TokenIssuer {
  const expiries = new Map<string, number>();
  return {
    issue(authorization, body) {
      const credentials = basicCredentials(authorization);
      if (!credentials || credentials.id !== clientId || credentials.secret !== clientSecret) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      const grant = new URLSearchParams(body).get('grant_type');
      if (grant !== 'client_credentials') {
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: grant ? `Grant Type ${grant} is not supported` : 'Grant Type is NULL' },
        };
      }
      const token = accessToken();
      // Token lifetimes keep real time (not the fake's clock): a simulated month must not expire the server's cached token.
      expiries.set(token, Date.now() + LIFETIME_SECONDS * 1000);
      return {
        status: 200,
        body: {
          scope:
            'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/payments/refund',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-80W284485P519543T',
          expires_in: LIFETIME_SECONDS,
          nonce: `${new Date().toISOString()}${token.slice(-8)}`,
        },
      };
    },
    check(authorization) {
      const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '';
      const expiry = expiries.get(token);
      if (expiry === undefined || expiry < Date.now()) throw authenticationFailure();
    },
  };
}
