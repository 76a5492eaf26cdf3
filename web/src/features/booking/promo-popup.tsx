import { studioDay } from '@studio/shared/format/dates';
import { calendarMessages as m } from '@studio/shared/messages/calendar';
import { useEffect, useState } from 'react';
import { Modal } from '../../components/modal';

const KEY = 'promo-popup:last-day';

function seenToday(today: string): boolean {
  try {
    return localStorage.getItem(KEY) === today;
  } catch {
    return true;
  }
}

/** The studio's promotional image (config promo_popup_image), shown on the calendar once per studio day (customer-area §2). */
export function PromoPopup({ image, tz }: { image: string; tz: string }) {
  const today = studioDay(new Date(), tz);
  const [open, setOpen] = useState(() => image.trim() !== '' && !seenToday(today));
  // Seen once it shows, closed or not: once per day means once.
  useEffect(() => {
    if (!open) return;
    try {
      localStorage.setItem(KEY, today);
    } catch {
      // Without storage it shows again next visit.
    }
  }, [open, today]);
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <Modal title={m.promoTitle} onClose={close}>
      <img className="promo-popup__image" src={image} alt={m.promoAlt} />
    </Modal>
  );
}
