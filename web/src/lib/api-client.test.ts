import { messages } from '@studio/shared/messages';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/helpers';
import { connectAuthEmulator, type FakeUser, makeUser, setUser, signOut } from '../../test/mocks/firebase-auth';
import { useAlerts } from './alerts';
import { api, ApiError, apiErrorText, showApiError, TOKEN_REFRESH_INTERVAL_MS } from './api-client';
import { initAuth } from './auth-client';

vi.mock('firebase/auth', () => import('../../test/mocks/firebase-auth'));
vi.mock('firebase/app', () => import('../../test/mocks/firebase-app'));

const forcedRefreshes = (user: FakeUser) => user.getIdToken.mock.calls.filter(([force]) => force === true).length;

// Each test starts an hour after the previous one, so throttling state never leaks between tests.
let clock = Date.parse('2030-01-01T00:00:00Z');

describe('api client', () => {
  // Vitest clears mock calls before each test, so the one-time initialisation's calls are kept here.
  let emulatorCalls: unknown[][] = [];

  beforeAll(async () => {
    await initAuth({ apiKey: 'demo-key', projectId: 'demo-studio', emulators: { auth: 'http://127.0.0.1:9099' } });
    emulatorCalls = [...connectAuthEmulator.mock.calls];
  });

  beforeEach(() => {
    clock += 3_600_000;
    vi.useFakeTimers({ now: clock });
    setUser(null);
  });

  it('initialises Firebase Auth from the config and connects the emulator it names', () => {
    expect(emulatorCalls).toEqual([[expect.anything(), 'http://127.0.0.1:9099', { disableWarnings: true }]]);
  });

  it('sends no Authorization header while signed out', async () => {
    const { calls } = mockFetch(() => ({ body: { pages: [] } }));
    await api.get('/pages');
    expect(calls[0]?.url).toBe('/api/pages');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends a signed-in customer’s shared reads (catalogue, packages, pages, configuration) without the token, so the CDN can answer them', async () => {
    setUser(makeUser('uid-1'));
    const { calls } = mockFetch(() => ({ body: {} }));
    for (const path of ['/appconfig', '/class_packages', '/class_packages/4', '/pages/terminos', '/instructors/home/all', '/custom_fields?object=customer']) {
      await api.get(path);
    }
    expect(calls.map((call) => call.headers.Authorization)).toEqual(Array(6).fill(undefined));
  });

  it('keeps the token on personal reads, on the schedule (the caller’s own places) and on every write', async () => {
    setUser(makeUser('uid-1'));
    const { calls } = mockFetch(() => ({ body: {} }));
    await api.get('/customer');
    await api.get('/single_class?start_date=2026-12-01');
    await api.get('/single_class/single/7');
    await api.get('/class_packages/admin/all');
    await api.post('/pages', {});
    expect(calls.map((call) => call.headers.Authorization)).toEqual(Array(5).fill('Bearer token-uid-1'));
  });

  it('keeps an admin’s token on shared reads too: the console sees its own changes, not a cached copy', async () => {
    setUser(makeUser('admin-1', 'admin@example.com', { admin: true }));
    const { calls } = mockFetch(() => ({ body: {} }));
    await api.get('/class_packages');
    await api.get('/appconfig');
    expect(calls.map((call) => call.headers.Authorization)).toEqual(['Bearer token-admin-1', 'Bearer token-admin-1']);
  });

  it('sends no App Check header where the environment has no site key (locally)', async () => {
    setUser(makeUser('uid-1'));
    const { calls } = mockFetch(() => ({ status: 201, body: {} }));
    await api.post('/class_reservations', { single_class_id: 1 });
    expect(calls[0]?.headers['X-Firebase-AppCheck']).toBeUndefined();
  });

  it('sends the Firebase ID token as a Bearer token and JSON bodies', async () => {
    setUser(makeUser('uid-1'));
    const { calls } = mockFetch(() => ({ status: 201, body: { accepted_page: { page_id: 3 } } }));
    await expect(api.post('/accepted_pages', { page_id: 3 })).resolves.toEqual({ accepted_page: { page_id: 3 } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/accepted_pages',
      headers: { Authorization: 'Bearer token-uid-1', 'Content-Type': 'application/json' },
      body: { page_id: 3 },
    });
  });

  it('refreshes the token after responses at most every 15 seconds', async () => {
    expect(TOKEN_REFRESH_INTERVAL_MS).toBe(15_000);
    const user = makeUser('uid-1');
    setUser(user);
    mockFetch(() => ({ body: { customer: {} } }));

    await api.get('/customer');
    await api.get('/customer');
    await api.get('/customer');
    expect(forcedRefreshes(user)).toBe(1);

    vi.advanceTimersByTime(14_999);
    await api.get('/customer');
    expect(forcedRefreshes(user)).toBe(1);

    vi.advanceTimersByTime(1);
    await api.get('/customer');
    expect(forcedRefreshes(user)).toBe(2);
  });

  it('does not refresh anything while signed out', async () => {
    mockFetch(() => ({ body: [] }));
    await api.get('/appconfig');
    const user = makeUser('uid-2');
    setUser(user);
    await api.get('/customer');
    // The first signed-in response is the first refresh: the anonymous call did not use up the window.
    expect(forcedRefreshes(user)).toBe(1);
  });

  it('signs out when the API answers auth/id-token-expired', async () => {
    setUser(makeUser('uid-1'));
    mockFetch(() => ({ status: 401, body: { error: { code: 'auth/id-token-expired', message: 'Tu sesión expiró. Vuelve a iniciar sesión.' } } }));

    const failure = api.get('/customer');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401, code: 'auth/id-token-expired', message: 'Tu sesión expiró. Vuelve a iniciar sesión.' });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out when the API answers auth/id-token-revoked (admin rights removed)', async () => {
    setUser(makeUser('uid-1'));
    mockFetch(() => ({ status: 401, body: { error: { code: 'auth/id-token-revoked', message: 'Tu sesión expiró. Vuelve a iniciar sesión.' } } }));
    await expect(api.get('/customer')).rejects.toMatchObject({ status: 401, code: 'auth/id-token-revoked' });
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on other errors, and keeps their status, code, message and fields', async () => {
    setUser(makeUser('uid-1'));
    mockFetch(() => ({
      status: 409,
      body: { error: { code: 'customer/phone-taken', message: 'Ya existe una cuenta con ese número de teléfono', fields: { phone: 'Ocupado' } } },
    }));
    await expect(api.post('/customer/signup', {})).rejects.toMatchObject({
      status: 409,
      code: 'customer/phone-taken',
      message: 'Ya existe una cuenta con ese número de teléfono',
      fields: { phone: 'Ocupado' },
    });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('turns answers without an error body into a generic Spanish error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api.get('/pages')).rejects.toMatchObject({ status: 502, message: messages.common.genericError });
  });

  it('turns network failures into a Spanish connectivity error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/pages')).rejects.toMatchObject({ status: 0, code: 'network', message: messages.auth.network });
  });
});

describe('api client: PUT, DELETE and multipart', () => {
  beforeEach(() => {
    setUser(makeUser('uid-1'));
  });

  it('sends PUT with a JSON body and DELETE without one', async () => {
    const { calls } = mockFetch((call) => ({ body: call.method === 'PUT' ? { customer: { name: 'Ana' } } : { deleted: true } }));
    await expect(api.put('/customer', { name: 'Ana' })).resolves.toEqual({ customer: { name: 'Ana' } });
    await expect(api.delete('/favorites/4')).resolves.toEqual({ deleted: true });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: '/api/customer',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer token-uid-1' },
      body: { name: 'Ana' },
    });
    expect(calls[1]).toMatchObject({ method: 'DELETE', url: '/api/favorites/4', body: undefined });
    expect(calls[1]?.headers['Content-Type']).toBeUndefined();
  });

  it('sends a FormData body as multipart, leaving its Content-Type (and boundary) to the browser', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ file_id: 12 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('file', new Blob(['hola'], { type: 'text/plain' }), 'hola.txt');
    await expect(api.post('/files', form)).resolves.toEqual({ file_id: 12 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    expect(init?.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-uid-1' });
  });

  it('rejects a cancelled request with the AbortError itself, never as an API failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        return new Response('{}');
      }),
    );
    const controller = new AbortController();
    controller.abort();
    const failure = api.get('/videos', { signal: controller.signal });
    await expect(failure).rejects.toBeInstanceOf(DOMException);
    await expect(failure).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('api errors → what the person reads (one place)', () => {
  beforeEach(() => {
    useAlerts.setState({ error: null, success: null });
  });

  const conflict = new ApiError(409, 'customer/already-registered', 'Conflicto');

  it("prefers the screen's text for the error code, then for the status, then the server's message", () => {
    expect(apiErrorText(conflict, { 'customer/already-registered': 'Ya tienes una cuenta', '409': 'Límite' })).toBe('Ya tienes una cuenta');
    expect(apiErrorText(conflict, { '409': 'Límite' })).toBe('Límite');
    expect(apiErrorText(conflict)).toBe('Conflicto');
    expect(apiErrorText(new ApiError(412, 'checkout/sold-out', ''), { '412': (error) => error.message || 'Agotado' })).toBe('Agotado');
  });

  it('reads network failures and unknown throws in Spanish, and says nothing about cancelled requests', () => {
    expect(apiErrorText(new ApiError(0, 'network', messages.auth.network))).toBe(messages.auth.network);
    expect(apiErrorText(undefined)).toBe(messages.common.genericError);
    expect(apiErrorText(new DOMException('aborted', 'AbortError'))).toBeNull();
  });

  it("shows failures in the global error alert, keeping the spec's '400'/'401' rule", () => {
    showApiError(conflict, { '409': 'Lo sentimos, ya has alcanzado el límite de compras de este paquete.' });
    expect(useAlerts.getState().error?.text).toBe('Lo sentimos, ya has alcanzado el límite de compras de este paquete.');

    useAlerts.setState({ error: null });
    showApiError(new ApiError(401, 'http/unknown', 'Request failed with status code 401'));
    showApiError(new DOMException('aborted', 'AbortError'));
    expect(useAlerts.getState().error).toBeNull();
  });
});
