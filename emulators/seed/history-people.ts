/**
 * The demo studio's regulars for its 90 days of history (history.ts): names,
 * and what kind of customer each one is. Picked by the history's seeded
 * generator, so every fresh start has the same people.
 */

export const FIRST_NAMES = [
  'Alejandra',
  'Andrea',
  'Camila',
  'Carla',
  'Daniela',
  'Fernanda',
  'Gabriela',
  'Isabel',
  'Jimena',
  'Karla',
  'Lorena',
  'Mariana',
  'Natalia',
  'Paola',
  'Regina',
  'Renata',
  'Ximena',
  'Valentina',
  'Abril',
  'Montserrat',
  'Alejandro',
  'Arturo',
  'Carlos',
  'Emiliano',
  'Eduardo',
  'Javier',
  'Luis',
  'Mauricio',
  'Pablo',
  'Rodrigo',
  'Santiago',
  'Sebastián',
  'Tomás',
  'Iván',
] as const;

export const LAST_NAMES = [
  'García',
  'Hernández',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Castillo',
  'Chávez',
  'Romero',
  'Salazar',
  'Navarro',
  'Domínguez',
  'Zúñiga',
] as const;

export const SIGNUP_REASONS = ['Instagram', 'Recomendación', 'Pasé por el estudio', 'Google', null] as const;

/**
 * How a regular pays and what they buy. `member`: the monthly unlimited,
 * sold at the desk; a member who pays by card subscribes to it online instead
 * (billed monthly through the card processor).
 */
export type Plan = 'single' | 'pack5' | 'pack10' | 'member';
export type Payment = 'cash' | 'card' | 'oxxo' | 'paypal';

/** Weighted picks: [value, weight]. */
export const PLANS: ReadonlyArray<readonly [Plan, number]> = [
  ['pack10', 0.4],
  ['pack5', 0.3],
  ['member', 0.2],
  ['single', 0.1],
];
export const PAYMENTS: ReadonlyArray<readonly [Payment, number]> = [
  ['card', 0.45],
  ['cash', 0.32],
  ['oxxo', 0.13],
  ['paypal', 0.1],
];

/** The seed's packages (emulators/seed/packages.ts) each plan buys. */
export const PLAN_PACKAGE: Record<Plan, number> = { single: 2, pack5: 3, pack10: 4, member: 5 };
/** The free first class (package 1): every newcomer takes it first. */
export const FIRST_CLASS_PACKAGE = 1;

/** The studio's autumn code (history.ts creates it through the discounts service): 10 % off the packs, for a month of the history. */
export const PROMO = { code: 'LATIDO10', percent: 10, packages: [PLAN_PACKAGE.pack5, PLAN_PACKAGE.pack10], fromDay: 30, untilDay: 60, perCustomer: 2 } as const;
