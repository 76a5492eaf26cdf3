/**
 * Server data: the one mechanism every screen uses to read and change what lives
 * behind /api (docs/adr/0080-web-server-state.md). TanStack Query gives caching,
 * de-duplication, loading and error states and invalidation after mutations;
 * this module is the only one that imports it.
 *
 * It is never part of the landing page's initial JavaScript: only lazily loaded
 * code (route modules, and lazy islands on the eager shell such as the footer's
 * page links) may import it. web/test/architecture.test.ts checks that.
 *
 * Feature api modules declare their queries once with queryOptions() and their
 * mutations with `meta.invalidates`; screens call useServerQuery/useServerMutation.
 */
import {
  type DefaultError,
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
  useMutation,
  type UseMutationOptions,
  type UseMutationResult,
  useQuery,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { type ErrorTexts, showApiError } from './api-client';
import { useSession } from './session';

export type { QueryKey } from '@tanstack/react-query';
export { queryOptions } from '@tanstack/react-query';

/** A read is fresh for this long unless its query says otherwise; a remount within it costs no request. */
export const DEFAULT_STALE_TIME_MS = 30_000;

/** What queries and mutations may declare about themselves in `meta`. */
export interface ServerDataMeta extends Record<string, unknown> {
  /** False when the screen shows this failure in place (inline text, form error, blocking modal); otherwise it goes to the global error alert. */
  alert?: boolean;
  /** The screen's wording for some failures, by code or status (api-client's ErrorTexts). */
  errorTexts?: ErrorTexts;
  /** Mutations: the query keys (prefixes) to refetch once the change succeeded; the mutation settles after they are refetched. */
  invalidates?: readonly QueryKey[];
  /** Queries: the signed-in customer's own data, dropped from the cache when the session's identity changes. */
  private?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ServerDataMeta;
    mutationMeta: ServerDataMeta;
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (query.meta?.alert !== false) showApiError(error, query.meta?.errorTexts);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (mutation.meta?.alert !== false) showApiError(error, mutation.meta?.errorTexts);
    },
    onSuccess: async (_data, _variables, _context, mutation) => {
      await Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  }),
  defaultOptions: {
    // No silent retries: a failure is shown at once (alert or in place) and the screen offers its own retry.
    queries: { retry: false, staleTime: DEFAULT_STALE_TIME_MS },
    mutations: { retry: false },
  },
});

// Signing out, or in as someone else, must not leave one customer's data for the next. Reset rather than
// removed: a read still on its way is cancelled and its answer dropped, and a screen showing the query keeps
// observing it, so it is read again for the new identity (a removed query left that screen on 'Cargando…'
// for good when the session resolved while the first read was in flight).
useSession.subscribe((state, previous) => {
  if (state.uid !== previous.uid) void queryClient.resetQueries({ predicate: (query) => query.meta?.private === true });
});

export function useServerQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  return useQuery(options, queryClient);
}

export function useServerMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  return useMutation(options, queryClient);
}

/** Tests: forget everything cached, as a fresh visit would. */
export function resetServerData(): void {
  queryClient.clear();
}
