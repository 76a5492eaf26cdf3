import { defaultAppConfig } from '@studio/shared/config/app-config';
import type { Customer, Page } from '@studio/shared/types/api';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { vi } from 'vitest';
import { discoverAdminRoutes } from '../src/app/router';
import { adminRoutes } from '../src/app/routes/admin-routes';
import { ModalHost } from '../src/components/modal-host';
import { type AppConfig, useAppConfig } from '../src/lib/app-config';

export function setConfig(overrides: Record<string, unknown> = {}): AppConfig {
  const config = { ...defaultAppConfig(), ...overrides };
  useAppConfig.setState({ config });
  return config;
}

/** The route table with the console's routes already in it (for matchRoutes; the app adds them on the first visit to /admin). */
export function withAdminRoutes(routes: RouteObject[]): RouteObject[] {
  const add = (list: RouteObject[]): RouteObject[] =>
    list.map((route) => {
      if (route.index) return route;
      if (route.id === 'public') return { ...route, children: [...(route.children ?? []), adminRoutes()] };
      return route.children ? { ...route, children: add(route.children) } : route;
    });
  return add(routes);
}

export function renderRoutes(routes: RouteObject[], initialEntry = '/') {
  // The app's own table (createRoutes) gets the console's routes as the app does, on the first visit to /admin.
  const app = routes.some((route) => route.id === 'root');
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry], ...(app ? { patchRoutesOnNavigation: discoverAdminRoutes } : {}) });
  return { router, ...render(<RouterProvider router={router} />) };
}

/** Renders `routes` under a layout with the modal host, as the console has it ('Precaución' and other dialogs open there). */
export function renderWithModals(routes: RouteObject[], initialEntry: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
          </>
        ),
        children: routes,
      },
    ],
    initialEntry,
  );
}

/** Renders one element at `path` inside a memory router, with stub screens for the places it may navigate to. */
export function renderAt(element: ReactNode, path = '/', extraRoutes: RouteObject[] = []) {
  return renderRoutes([{ path, element }, ...extraRoutes], path);
}

export interface FetchCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: FetchCall) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a router of canned JSON answers and records every call. */
export function mockFetch(responder: Responder) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: FetchCall = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = responder(call) ?? { status: 404, body: { error: { code: 'test/unhandled', message: `Sin respuesta para ${call.method} ${call.url}` } } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Holds the answers to requests whose URL starts with `prefix` until `release()`; the others answer as mocked (call after mockFetch). */
export function holdFetch(prefix: string): { release: () => void } {
  const answered = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(prefix)) await released;
    return answered(input, init);
  });
  return { release };
}

export function makePage(overrides: Partial<Page> = {}): Page {
  return {
    page_id: 1,
    title: 'Términos y Condiciones',
    slug: 'terminos',
    content: '<p>Contenido de los términos.</p>',
    required: false,
    required_signup: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    customer_id: 7,
    uid: 'uid-login',
    name: 'Ana',
    last_name: 'López',
    email: 'ana@example.com',
    phone: '5512345678',
    instagram: null,
    birthdate: null,
    signup_reason: null,
    signup_reason_other: null,
    file: null,
    has_unlimited: false,
    unlimited_membership_expiration: null,
    accepted_pages: [],
    is_admin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
