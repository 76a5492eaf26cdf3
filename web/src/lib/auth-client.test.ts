import { messages } from '@studio/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import type * as FakeAuth from '../../test/mocks/firebase-auth';

vi.mock('firebase/auth', () => import('../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../test/mocks/firebase-app'));

const config = { apiKey: 'demo-key', projectId: 'demo-studio' };

// Each test gets the modules fresh: the SDK's state is module-wide, as in the browser.
async function fresh() {
  vi.resetModules();
  const sdk = (await import('firebase/auth')) as unknown as typeof FakeAuth;
  return { client: await import('./auth-client'), signInWithEmailAndPassword: sdk.signInWithEmailAndPassword };
}

describe('a form sent before the auth SDK has started (it starts after the first paint)', () => {
  it('waits for the SDK and signs in, instead of answering the generic error', async () => {
    const { client, signInWithEmailAndPassword } = await fresh();
    let settled = false;
    const signingIn = client.signIn('ana@example.com', 'Prueba.123').finally(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();

    await client.initAuth(config);
    await signingIn;
    expect(signInWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), 'ana@example.com', 'Prueba.123');
  });

  it('fails with the generic error when the environment has no Firebase, for a waiting form and a later one', async () => {
    const { client, signInWithEmailAndPassword } = await fresh();
    const waiting = client.signIn('ana@example.com', 'Prueba.123');
    client.markAuthUnavailable();
    await expect(waiting).rejects.toThrow(messages.common.genericError);
    await expect(client.signIn('ana@example.com', 'Prueba.123')).rejects.toThrow(messages.common.genericError);
    expect(signInWithEmailAndPassword).not.toHaveBeenCalled();
  });

  it('once started, signs in at once', async () => {
    const { client, signInWithEmailAndPassword } = await fresh();
    await client.initAuth(config);
    await client.signIn('ana@example.com', 'Prueba.123');
    expect(signInWithEmailAndPassword).toHaveBeenCalledTimes(1);
  });
});
