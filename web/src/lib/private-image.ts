import { messages } from '@studio/shared/messages';
import { ApiError } from './api-client';
import { currentIdToken } from './auth-client';
import { queryOptions, useServerQuery } from './server-data';

export const privateImageKeys = {
  image: (src: string) => ['files', 'raw', src] as const,
};

/** Our own file bytes; only these may be fetched with the token (never send it to another host). */
export const isApiFile = (src: string) => src.startsWith('/api/files/raw/');

/**
 * A private file (a customer's photo) as an object URL. Customers' uploads are
 * private and an <img src> cannot send the Authorization header (docs/files,
 * "Who sees what"), so the bytes are fetched with the signed-in user's token:
 * the customer's own, or staff's, who may read any file. Each src is fetched
 * once per visit (never stale) and its URL lives as long as the page: small
 * images, not worth revoking.
 */
export async function fetchPhotoUrl(src: string, signal: AbortSignal): Promise<string> {
  const token = await currentIdToken();
  const response = await fetch(src, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw new ApiError(response.status, 'files/unreadable', messages.common.genericError);
  return URL.createObjectURL(await response.blob());
}

/** An image that cannot be read shows what stands in for it (initials): no alert. */
export const photoQuery = (src: string) =>
  queryOptions({
    queryKey: privateImageKeys.image(src),
    queryFn: ({ signal }) => fetchPhotoUrl(src, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    meta: { alert: false, private: true },
  });

/**
 * What an <img> can show for `src`: our private files through their fetched
 * bytes (null until read, or when they cannot be), any other source as it is.
 */
export function usePrivateImageUrl(src: string | null): string | null {
  const own = src !== null && isApiFile(src);
  const { data } = useServerQuery({ ...photoQuery(src ?? ''), enabled: own });
  return own ? (data ?? null) : src;
}
