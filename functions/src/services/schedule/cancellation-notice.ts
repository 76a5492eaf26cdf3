import { formatStudioDate } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { scheduleMessages } from '@studio/shared/messages/schedule';

const n = scheduleMessages.notification;

/** What one customer's cancelled reservations came to. */
export interface CustomerOutcome {
  returned: number;
  /** Earliest expiry of the replacement lots that got credits, when any did. */
  replacementExpiry: Date | null;
  unlimited: number;
  notRefunded: number;
}

export interface CancelledClassFacts {
  classTypeName: string | null;
  locationName: string | null;
  classDate: Date;
  reason: string | null;
  tz: string;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The Spanish title and body of a 'class-cancelled' notification for one customer. */
export function cancellationNotice(facts: CancelledClassFacts, outcome: CustomerOutcome): { title: string; body: string } {
  const parts = [
    fill(n.body, {
      class_type: facts.classTypeName ?? n.fallbackClassType,
      date: formatStudioDate(facts.classDate, facts.tz, 'dddd D [de] MMMM'),
      time: formatStudioDate(facts.classDate, facts.tz, 'HH:mm'),
      location: facts.locationName ?? n.fallbackLocation,
    }),
  ];
  if (facts.reason) parts.push(sentence(fill(n.reason, { reason: facts.reason })));
  if (outcome.returned === 1) parts.push(n.creditReturned);
  if (outcome.returned > 1) parts.push(fill(n.creditsReturned, { n: outcome.returned }));
  if (outcome.replacementExpiry) parts.push(fill(n.replacedExpiry, { date: formatStudioDate(outcome.replacementExpiry, facts.tz, 'D [de] MMMM [de] YYYY') }));
  if (outcome.unlimited > 0 && outcome.returned === 0) parts.push(n.unlimited);
  if (outcome.notRefunded > 0) parts.push(n.contactStudio);
  return { title: n.title, body: parts.join(' ') };
}
