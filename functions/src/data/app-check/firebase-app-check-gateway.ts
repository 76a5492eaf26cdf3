import { adminApp, appCheckSdk } from '../firebase-admin-sdks';
import { type AppCheckGateway, AppCheckTokenInvalid, AppCheckUnavailable } from './app-check-gateway';

const codeOf = (value: unknown): string | undefined => (typeof value === 'object' && value !== null && 'code' in value ? String(value.code) : undefined);

/**
 * App Check through firebase-admin. Verification is a local signature check
 * against App Check's public keys (fetched once and cached by the SDK), so it
 * costs no backend call per request. No replay protection (`consume`): that
 * would be one App Check call per request, on the rush path.
 */
export function createFirebaseAppCheckGateway(): AppCheckGateway {
  return {
    async verifyAppCheckToken(token: string): Promise<void> {
      try {
        // firebase-admin/app-check is loaded here, by the first token to verify (docs/operations.md "Cold start").
        await appCheckSdk().getAppCheck(adminApp()).verifyToken(token);
      } catch (error) {
        // The SDK reports an unreachable key set as an invalid token; its cause tells the two apart.
        const cause = error instanceof Error ? error.cause : undefined;
        if (codeOf(cause) === 'key-fetch-error') throw new AppCheckUnavailable(error);
        if (codeOf(error)?.startsWith('app-check/')) throw new AppCheckTokenInvalid();
        throw new AppCheckUnavailable(error);
      }
    },
  };
}
