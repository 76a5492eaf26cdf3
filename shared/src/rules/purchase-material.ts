/**
 * Whether a purchase gives its buyer the package's material (docs/packages
 * "Downloadable packages"), one rule for the API (which serves it) and Mis
 * Compras (which offers it): paid or granted and not taken back. A
 * subscription paid and later failed or cancelled keeps it (the material was
 * bought); one pending is not paid yet; one never paid, or revoked (refunded,
 * taken back by the studio), does not give it.
 */
export type MaterialStanding = 'given' | 'unpaid' | 'not-given';

export function materialStanding(purchase: { status: string; paid_at?: unknown }): MaterialStanding {
  if (purchase.status === 'pending') return 'unpaid';
  if (purchase.status === 'revoked') return 'not-given';
  const paidOrGranted = purchase.status === 'active' || purchase.status === 'completed' || (purchase.paid_at ?? null) !== null;
  return paidOrGranted ? 'given' : 'not-given';
}

/**
 * Sold with material: the purchase's copy of the package says so (what was
 * sold, whatever the package says today); a purchase older than that copy's
 * field goes by the package as it is (`current`).
 */
export const soldWithMaterial = (purchase: { class_package: { downloadable?: boolean | null } }, current?: boolean | null): boolean =>
  purchase.class_package.downloadable ?? current ?? false;
