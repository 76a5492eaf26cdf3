/** What the route reads from the request to name the site when no public domain is configured. */
export interface RequestHost {
  /** X-Forwarded-Host: Hosting (and its emulator) forward the visitor's host in it; the first entry is the original. */
  forwardedHost?: string | undefined;
  host?: string | undefined;
  /** Express's req.protocol (X-Forwarded-Proto through the trusted proxy). */
  protocol: string;
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/** A host we will write into absolute URLs: a plain name or address with an optional port, nothing a header could smuggle in. */
function cleanHost(value: string | undefined): string | null {
  const host = value?.split(',')[0]?.trim() ?? '';
  return HOST.test(host) ? host.toLowerCase() : null;
}

/**
 * The configured `domain` as an origin, or null when none is usable. A bare
 * name means https; a loopback name ('localhost', the demo default) counts as
 * "not configured": it cannot be the public site (docs/public-site, ADR 0081).
 */
export function configuredOrigin(domain: string): string | null {
  const value = domain.trim();
  if (!value) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    if (!HOST.test(url.host) || LOOPBACK.test(url.host)) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/** The origin absolute URLs start with: the configured domain, else the host the request came to. */
export function siteOrigin(domain: string, request: RequestHost): string {
  const configured = configuredOrigin(domain);
  if (configured) return configured;
  const host = cleanHost(request.forwardedHost) ?? cleanHost(request.host) ?? 'localhost';
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}
