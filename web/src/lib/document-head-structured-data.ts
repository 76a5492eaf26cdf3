import type { Location } from '@studio/shared/types/catalogue';
import { type AppConfig, configString } from './app-config';
import { absoluteUrl, plainSnippet } from './document-head';
import { whatsappUrl } from './links';

/**
 * The studio as schema.org structured data for the landing page (docs/public-site).
 * Loaded lazily with the landing's studio island, never on the first paint.
 */

const DAYS: Record<string, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
};
const DAY_ORDER = Object.keys(DAYS);
const RULE =
  /^((?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?(?:,(?:Mo|Tu|We|Th|Fr|Sa|Su)(?:-(?:Mo|Tu|We|Th|Fr|Sa|Su))?)*)\s+([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

function expandDays(days: string): string[] {
  return days.split(',').flatMap((range) => {
    const [from = '', to = from] = range.split('-');
    const start = DAY_ORDER.indexOf(from);
    const end = DAY_ORDER.indexOf(to);
    // A range may wrap past Sunday (Sa-Mo).
    const count = ((end - start + 7) % 7) + 1;
    return Array.from({ length: count }, (_, i) => DAYS[DAY_ORDER[(start + i) % 7] as string] as string);
  });
}

/**
 * `opening_hours` in schema.org's text form ('Mo-Fr 06:00-22:00; Sa 08:00-14:00'),
 * one rule per ';' (or line). Rules that do not parse are left out rather than
 * published wrong.
 */
export function openingHours(value: string): OpeningHoursSpecification[] {
  return value
    .split(/[;\n]/)
    .map((rule) => RULE.exec(rule.trim()))
    .flatMap((match) =>
      match
        ? [
            {
              '@type': 'OpeningHoursSpecification' as const,
              dayOfWeek: expandDays(match[1] as string),
              opens: `${match[2]}:${match[3]}`,
              closes: `${match[4]}:${match[5]}`,
            },
          ]
        : [],
    );
}

const postalAddress = (address: string) => ({ '@type': 'PostalAddress', streetAddress: address, addressCountry: 'MX' });

/**
 * The studio as an ExerciseGym (a LocalBusiness): name, URL, logo and image,
 * the WhatsApp number as telephone (with the landing's 521 prefix, as the
 * WhatsApp button), address from the first location (each other location as a
 * department), opening hours only when configured, and the social profiles.
 */
export function studioJsonLd(config: AppConfig, origin: string, locations: readonly Location[]): Record<string, unknown> {
  const text = (key: Parameters<typeof configString>[1]) => configString(config, key).trim();
  const name = text('business_name');
  const url = `${origin}/`;
  const image = absoluteUrl(text('social_media_image'), origin);
  const whatsapp = text('whatsapp');
  const telephone = whatsapp ? `+${whatsappUrl(whatsapp, '521').replace(/^.*\//, '')}` : '';
  const withAddress = locations.filter((location) => location.address?.trim());
  const [main, ...others] = withAddress;
  const address = main?.address ?? text('location');
  const hours = openingHours(text('opening_hours'));
  const sameAs = (['instagram', 'facebook', 'tiktok'] as const).map(text).filter((link) => /^https?:\/\//i.test(link));
  const optional = (key: string, value: unknown) => (value && (!Array.isArray(value) || value.length > 0) ? { [key]: value } : {});
  return {
    '@context': 'https://schema.org',
    '@type': 'ExerciseGym',
    '@id': `${url}#studio`,
    name,
    url,
    ...optional('description', plainSnippet(text('tagline'))),
    ...optional('logo', absoluteUrl(text('navbar_logo'), origin)),
    ...optional('image', image),
    ...optional('telephone', telephone),
    ...optional('email', text('email')),
    ...optional('address', address ? postalAddress(address) : null),
    ...optional('openingHoursSpecification', hours),
    ...optional('sameAs', sameAs),
    ...optional(
      'department',
      others.map((location) => ({
        '@type': 'ExerciseGym',
        name: `${name} ${location.name}`.trim(),
        address: postalAddress(location.address ?? ''),
        ...optional('telephone', telephone),
        ...optional('image', image),
      })),
    ),
  };
}
