/** What the API needs from Firebase App Check: is this request coming from our own web app? */
export interface AppCheckGateway {
  /** Resolves for a valid token; throws AppCheckTokenInvalid for a bad or expired one, AppCheckUnavailable when it cannot tell. */
  verifyAppCheckToken(token: string): Promise<void>;
}

export class AppCheckTokenInvalid extends Error {
  constructor() {
    super('Invalid App Check token');
    this.name = 'AppCheckTokenInvalid';
  }
}

/** App Check's public keys could not be fetched; the request may succeed later. */
export class AppCheckUnavailable extends Error {
  constructor(cause: unknown) {
    super('App Check unavailable', { cause });
    this.name = 'AppCheckUnavailable';
  }
}
