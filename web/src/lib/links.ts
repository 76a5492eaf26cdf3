export type ResolvedLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Admin-configured links (banner, hero button) may be app paths or full URLs.
 * A URL that contains the studio's own domain is routed inside the SPA, as the spec asks.
 */
export function resolveLink(link: string, domain: string): ResolvedLink {
  const value = link.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', to: value };
  if (domain && value.includes(domain)) {
    try {
      const url = new URL(HAS_SCHEME.test(value) ? value : `https://${value.replace(/^\/\//, '')}`);
      return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
    } catch {
      // Not a parseable URL: let the browser deal with it as written.
    }
  }
  return { kind: 'external', href: value };
}

/** wa.me link; the landing widget uses the 521 prefix and the footer 52, as the spec records. */
export function whatsappUrl(number: string, countryPrefix: '52' | '521'): string {
  return `https://wa.me/${countryPrefix}${number.replace(/\D/g, '')}`;
}
