import { formatStudioDate } from '@studio/shared/format/dates';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import { getCatalogueDocs } from '../../data/repos/catalogue-repo';
import type { SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { StoreDeps } from '../../deps';
import { studioTimezone } from '../credits/expiry';

/** What a notice about a class names: its type and location (or the same fallbacks a cancellation notice uses) and the studio's zone. */
export interface ClassNoticeFacts {
  classType: string;
  location: string;
  tz: string;
}

const nameOr = (doc: { name?: unknown } | undefined, fallback: string) =>
  typeof doc?.name === 'string' && doc.name.trim() !== '' ? doc.name.trim() : fallback;

export async function classNoticeFacts(deps: Pick<StoreDeps, 'store'>, cls: SingleClassDoc): Promise<ClassNoticeFacts> {
  const [types, locations, tz] = await Promise.all([
    getCatalogueDocs(deps.store, 'class_types', [cls.class_type_id]),
    getCatalogueDocs(deps.store, 'locations', [cls.location_id]),
    studioTimezone(deps),
  ]);
  const n = scheduleMessages.notification;
  return { classType: nameOr(types.get(cls.class_type_id), n.fallbackClassType), location: nameOr(locations.get(cls.location_id), n.fallbackLocation), tz };
}

/** A class start as notices say it, in the studio's zone whatever the server's: 'martes 1 de diciembre' and '07:00' (as the cancellation notice). */
export function studioDateParts(instant: Date, tz: string): { date: string; time: string } {
  return { date: formatStudioDate(instant, tz, 'dddd D [de] MMMM'), time: formatStudioDate(instant, tz, 'HH:mm') };
}
