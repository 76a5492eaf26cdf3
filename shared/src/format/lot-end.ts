import { fill } from '../messages';
import { bookingMessages } from '../messages/booking';
import { formatStudioDate } from './dates';

/** A lot's last day as the refusal names it: day and short Spanish month on the studio's calendar, '4 dic'. */
export const LOT_END_FORMAT = 'D MMM';

/**
 * 'Tu paquete vence el 4 dic, antes de esta clase.' (ADR 0065): the server's
 * refusal and the calendar's notice are the same words. `text` is another
 * wording with {date} (the admin's roster names the customer's package).
 */
export function lotEndsBeforeClassText(expiration: Date | string, tz: string, text: string = bookingMessages.lotEndsBeforeClass): string {
  return fill(text, { date: formatStudioDate(expiration, tz, LOT_END_FORMAT) });
}
