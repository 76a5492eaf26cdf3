/**
 * A plain Google Maps search link for an address. A link, not an embedded
 * map: nothing from a third party loads until the visitor asks for it.
 */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
