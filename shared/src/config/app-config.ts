/**
 * Every configuration key the product reads, its type and the demo studio's
 * default. GET /api/appconfig answers stored values merged over these
 * defaults; PUT /api/appconfig accepts only these keys with these types.
 * Everything here is public (the landing page reads it before sign-in), so no
 * secret may ever become a config key: secrets are function params. The
 * identity provider's `firebaseConfig` is also served with these entries, but
 * it is built by the server per environment and is not a stored key: an admin
 * must not be able to point every customer's sign-in somewhere else.
 */
export type ConfigValueType = 'string' | 'boolean' | 'number' | 'color';

export interface ConfigKeyDefinition {
  readonly type: ConfigValueType;
  readonly default: unknown;
  /** Allowed values for enumerated strings. */
  readonly options?: readonly string[];
  readonly nullable?: boolean;
}

/** A key whose default has its own type, so code reading `appConfigDefinitions.x.default` needs no cast. */
interface KeyDefinition<V> extends ConfigKeyDefinition {
  readonly default: V;
}

const str = (value: string, options?: readonly string[]): KeyDefinition<string> => ({ type: 'string', default: value, ...(options ? { options } : {}) });
const bool = (value: boolean): KeyDefinition<boolean> => ({ type: 'boolean', default: value });
function num(value: number): KeyDefinition<number>;
function num(value: null): KeyDefinition<null>;
function num(value: number | null): KeyDefinition<number | null> {
  return { type: 'number', default: value, nullable: value === null };
}
const color = (value: string): KeyDefinition<string> => ({ type: 'color', default: value });

export const appConfigDefinitions = {
  // Branding
  business_name: str('Estudio Latido'),
  tagline: str('Entrena con ritmo, vive con energía.'),
  navbar_logo: str('/brand/logo.svg'),
  favicon: str('/brand/favicon.svg'),
  // PNG: link previews (WhatsApp, Facebook, X) do not render SVG.
  social_media_image: str('/brand/social.png'),
  app_css: str(''),
  head_tracking_codes: str(''),
  body_tracking_codes: str(''),
  S3_ENDPOINT: str(''),
  filesBaseSrc: str('/api/files/raw'),
  bucket: str(''),
  region: str(''),
  files_location: str('server'),
  bg_login: str('/brand/login.svg'),
  domain: str('localhost'),
  timezone: str('America/Mexico_City'),
  // Theme colours (CSS variables of the same name)
  primary: color('#d9485f'),
  accent: color('#2b9fa8'),
  dark: color('#1f1d2b'),
  gray: color('#6b6878'),
  light: color('#f7f5f2'),
  'primary-light': color('#f6d5da'),
  // Payment and feature switches
  stripe_public: str(''),
  stripe_checkout_mode: str('elements', ['elements', 'session']),
  cash_checkout_enabled: bool(true),
  // Hours a cash purchase waits for the studio to confirm the payment before it lapses (docs/payments).
  cash_payment_hours: num(48),
  // What a cash buyer is told to do (bank details, pay at the front desk); empty = a generic text.
  cash_instructions: str(''),
  // Whether a cash buyer may book with the credits before the studio confirms the cash ('Pago en Efectivo Incompleto'; docs/payments).
  cash_booking_before_payment: bool(false),
  // How many cash purchases one customer may have awaiting the studio's confirmation; at that many, a new one is refused (docs/payments).
  max_pending_cash_purchases: num(1),
  payment_sources_enabled: bool(true),
  paypal_enabled: bool(false),
  discounts_enabled: bool(true),
  signup_fee: num(null),
  schedule_enabled: bool(true),
  packages_enabled: bool(true),
  banner_enabled: bool(false),
  about_enabled: bool(true),
  subscriptions_enabled: bool(true),
  single_class_enabled: bool(true),
  videos_enabled: bool(true),
  allow_restricted_class_types: bool(false),
  // Packages and contact
  class_packages_name: str('Paquetes'),
  class_packages_path: str('/paquetes'),
  whatsapp: str('5512345678'),
  whatsapp_widget: bool(true),
  banner_link: str(''),
  banner_text: str(''),
  email: str('hola@estudiolatido.mx'),
  facebook: str(''),
  instagram: str('https://instagram.com/estudiolatido'),
  tiktok: str(''),
  location: str('Av. Álvaro Obregón 120, Roma Norte, CDMX'),
  // Opening hours in schema.org's text form, e.g. 'Mo-Fr 06:00-22:00; Sa 08:00-14:00'; empty = not published (docs/public-site).
  opening_hours: str(''),
  // Landing sections: *_enabled toggles, *_order sorts ascending
  hero_enabled: bool(true),
  hero_order: num(1),
  hero_title: str('Tu lugar para moverte'),
  hero_tagline: str('Indoor cycling, yoga y funcional en la Roma y en Coyoacán.'),
  hero_image: str('/brand/hero.svg'),
  hero_video: str(''),
  hero_button_text: str('Reserva tu clase'),
  hero_button_link: str('/paquetes'),
  about_order: num(2),
  about_title: str('Nosotros'),
  about_content: str('Somos un estudio boutique con coaches certificados y grupos pequeños para que cada clase cuente.'),
  about_image: str('/brand/about.svg'),
  mission_enabled: bool(true),
  mission_order: num(3),
  mission_title: str('Nuestra Misión'),
  mission_content: str('Que salgas de cada clase con más energía de la que traías.'),
  mission_image: str(''),
  class_types_enabled: bool(true),
  class_types_order: num(4),
  coaches_enabled: bool(true),
  coaches_order: num(5),
  packages_order: num(6),
  announcements_enabled: bool(true),
  announcements_order: num(7),
  schedule_order: num(8),
  promo_popup_image: str(''),
  // Reservation and cancellation rules (customer area)
  cancel_timeframe_unit: str('hours', ['days', 'hours', 'minutes']),
  cancel_timeframe_value: num(12),
  allow_cancel_reservations: bool(true),
  allow_cancel_after_treshold: bool(true),
  max_cancels_per_available_class: num(null),
  reservation_timeframe_hours: num(0),
  reservation_timeframe_minutes: num(0),
  timezone_offset: num(6),
  reservation_rating_enabled: bool(true),
  allow_class_guests: bool(true),
  qrcode_enabled: bool(true),
  waitlist_enabled: bool(true),
  // Minutes before a class when its waitlist stops promoting and closes (docs/booking, ADR 0061).
  waitlist_cutoff_minutes: num(120),
  penalties_enabled: bool(false),
  penalty_no_shows: num(3),
  penalty_days: num(7),
  // Password policy mirrored from the identity provider (see docs/auth)
  password_min_length: num(6),
  password_max_length: num(null),
  password_require_lowercase: bool(false),
  password_require_uppercase: bool(false),
  password_require_numeric: bool(false),
  password_require_non_alphanumeric: bool(false),
} as const satisfies Record<string, ConfigKeyDefinition>;

export type AppConfigKey = keyof typeof appConfigDefinitions;

export interface AppConfigEntry {
  key: string;
  value: unknown;
}

export function isAppConfigKey(key: string): key is AppConfigKey {
  return Object.prototype.hasOwnProperty.call(appConfigDefinitions, key);
}

/** Default values as a plain object. */
export function defaultAppConfig(): Record<AppConfigKey, unknown> {
  const out = {} as Record<AppConfigKey, unknown>;
  for (const key of Object.keys(appConfigDefinitions) as AppConfigKey[]) out[key] = appConfigDefinitions[key].default;
  return out;
}

/** Turns the API's list of {key, value} into an object; unknown keys are kept (forward compatible). */
export function configFromEntries(entries: readonly AppConfigEntry[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of entries) out[entry.key] = entry.value;
  return out;
}
