import { appConfigDefinitions, type AppConfigEntry, type AppConfigKey, isAppConfigKey } from '@studio/shared/config/app-config';
import { adminConfigMessages as m } from '@studio/shared/messages/admin-config';
import { contrastRatio } from '../../lib/theme';

const definitionKeys = Object.keys(appConfigDefinitions) as AppConfigKey[];
const typeOf = (key: string) => (isAppConfigKey(key) ? appConfigDefinitions[key].type : undefined);

/**
 * Landing sections, from the definitions: every `<x>_order` with an
 * `<x>_enabled` beside it (features/landing's LANDING_SECTION_KEYS, which a
 * feature may not import; the test checks they agree).
 */
export const LANDING_SECTIONS: readonly string[] = definitionKeys
  .filter((key) => key.endsWith('_order') && isAppConfigKey(key.replace(/_order$/, '_enabled')))
  .map((key) => key.replace(/_order$/, ''));

/** These switches also turn a feature on or off across the site (navbar links, routes), not just the landing section. */
export const SHARED_SWITCH_SECTIONS: readonly string[] = ['about', 'packages', 'schedule'];

export const COLOR_KEYS = definitionKeys.filter((key) => typeOf(key) === 'color');
/** Background colours: their check is dark text on them, not white text. */
export const BACKGROUND_COLORS: readonly string[] = ['light', 'primary-light'];

export const RESERVATION_KEYS = [
  'allow_cancel_reservations',
  'cancel_timeframe_value',
  'cancel_timeframe_unit',
  'allow_cancel_after_treshold',
  'max_cancels_per_available_class',
  'reservation_timeframe_hours',
  'reservation_timeframe_minutes',
  'waitlist_cutoff_minutes',
] as const satisfies readonly AppConfigKey[];

/**
 * Feature switches: every boolean key except the landing sections', the
 * reservation rules' and the password policy (mirrored from the identity
 * provider, docs/auth), so a new switch shows up here once it has a label.
 */
export const FEATURE_KEYS = definitionKeys.filter(
  (key) =>
    typeOf(key) === 'boolean' &&
    !LANDING_SECTIONS.some((section) => key === `${section}_enabled`) &&
    !(RESERVATION_KEYS as readonly string[]).includes(key) &&
    !key.startsWith('password_'),
);

/** Shown under their switch: the banner's own text and link. */
export const BANNER_TEXT_KEYS = ['banner_text', 'banner_link'] as const satisfies readonly AppConfigKey[];

/** Shown under the cash switch: the cap on a customer's unpaid cash purchases (docs/payments). */
export const CASH_LIMIT_KEY = 'max_pending_cash_purchases' as const satisfies AppConfigKey;

export const featureLabel = (key: string) => m.features.labels[key] ?? key;

/** Sections by `<x>_order` ascending; ties and missing orders keep the definitions' order. */
export function sortedSections(config: Readonly<Record<string, unknown>>): string[] {
  const order = (section: string) => {
    const value = config[`${section}_order`];
    return typeof value === 'number' ? value : Number.POSITIVE_INFINITY;
  };
  return [...LANDING_SECTIONS].sort((a, b) => order(a) - order(b));
}

/** The landing section's entries: each switch, and positions 1..n in the order shown. */
export function landingEntries(order: readonly string[], enabled: Readonly<Record<string, boolean>>): AppConfigEntry[] {
  return order.flatMap((section, index) => [
    { key: `${section}_enabled`, value: enabled[section] ?? false },
    { key: `${section}_order`, value: index + 1 },
  ]);
}

/**
 * A number field's text as the API wants it: a number; empty is null where
 * the key may be null, else the text is left as is so the schema answers
 * with its own Spanish 'must be a number' message.
 */
export function numberValue(text: string, nullable: boolean): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return nullable ? null : trimmed;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** #abc → #aabbcc: <input type="color"> takes only the long form. */
export function longHex(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  return (short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : color).toLowerCase();
}

export const WCAG_AA = 4.5;

/** Contrast to check for a colour: white text on it, or, for a background, the dark colour as text on it. */
export function colorContrast(key: string, colors: Readonly<Record<string, string>>): number {
  const value = colors[key] ?? '';
  return BACKGROUND_COLORS.includes(key) ? contrastRatio(colors.dark ?? '#000000', value) : contrastRatio('#ffffff', value);
}
