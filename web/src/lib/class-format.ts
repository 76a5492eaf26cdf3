import { fill } from '@studio/shared/messages';
import { publicSiteMessages as m } from '@studio/shared/messages/public-site';

/** A person as schedules show them: name and last name. */
export function personName(person: { name: string; last_name: string | null }): string {
  return [person.name, person.last_name].filter(Boolean).join(' ');
}

/** The spots badge (customer-area §2): '1 lugar', 'N lugares' or 'Sold Out'. */
export function spotsText(spotsLeft: number): string {
  if (spotsLeft <= 0) return m.soldOut;
  return spotsLeft === 1 ? m.oneSpot : fill(m.nSpots, { n: spotsLeft });
}
