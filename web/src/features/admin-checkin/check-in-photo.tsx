import { fill } from '@studio/shared/messages';
import { profileMessages } from '@studio/shared/messages/profile';
import type { RosterCustomer } from '@studio/shared/schemas/class-roster';
import { usePrivateImageUrl } from '../../lib/private-image';

const initialsOf = (c: RosterCustomer | null): string =>
  [c?.name, c?.last_name]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase() || '—';

/**
 * The customer's photo on the check-in card, so the desk can tell the person at
 * the door is the one booked; the initials when there is none or it cannot be
 * read. A private upload is fetched with the staff's token (lib/private-image.ts).
 */
export function CheckInPhoto({ customer, name }: { customer: RosterCustomer | null; name: string }) {
  const url = usePrivateImageUrl(customer?.photo_src ?? null);
  return url ? (
    <img className="admin-checkin__photo" src={url} alt={fill(profileMessages.photoOf, { name })} />
  ) : (
    <span className="admin-checkin__photo admin-checkin__initials" role="img" aria-label={fill(profileMessages.initialsOf, { name })}>
      {initialsOf(customer)}
    </span>
  );
}
