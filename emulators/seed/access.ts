import type { ClassPackageDoc } from '../../functions/src/data/repos/class-packages-repo';
import type { AvailableClassDoc, LedgerEntryDoc } from '../../functions/src/data/repos/credits-repo';
import type { PurchaseDoc } from '../../functions/src/data/repos/purchases-repo';
import type { VideoDoc } from '../../functions/src/data/repos/videos-repo';
import { adminPurchase, lotFromSpec, planGrant } from '../../functions/src/services/access/grant-plan';
import { unlimitedWindow } from '../../functions/src/services/credits/balance';
import { type LedgerContext, ledgerEntryFor } from '../../functions/src/services/credits/ledger';
import { buildSearchTerms } from '../../functions/src/services/customers/search-terms';
import { paymentMethods } from './catalogue';
import { seedUsers } from './core';
import { classPackages } from './packages';
import { type SeedSet, STUDIO_TZ } from './seed-set';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN_UID = 'seed-admin-valeria';

interface Grant {
  customerIndex: number;
  classPackageId: number;
  daysAgo: number;
  paymentMethodId: number | null;
  isGift: boolean;
  /** Classes already used, recorded as one admin adjustment (balance carried over from before the system). */
  used?: number;
}

/** Ana: a 10-class package with 3 used. Diego: unlimited monthly, plus online as a gift. */
const grants: Grant[] = [
  { customerIndex: 1, classPackageId: 4, daysAgo: 20, paymentMethodId: 1, isGift: false, used: 3 },
  { customerIndex: 2, classPackageId: 5, daysAgo: 10, paymentMethodId: 2, isGift: false },
  { customerIndex: 2, classPackageId: 8, daysAgo: 10, paymentMethodId: null, isGift: true },
];

/**
 * Demo access written in the same shapes the API writes (grant-plan and
 * ledgerEntryFor are the service's own functions), so the ledger invariant
 * holds in the seed too: each lot's entries add up to its count.
 */
function seedGrants(now: Date) {
  const purchases: PurchaseDoc[] = [];
  const lots: AvailableClassDoc[] = [];
  const entries: LedgerEntryDoc[] = [];
  const actor: LedgerContext['actor'] = { uid: ADMIN_UID, role: 'admin' };
  for (const grant of grants) {
    const user = seedUsers[grant.customerIndex];
    const pkg = classPackages.find((p) => p.class_package_id === grant.classPackageId) as unknown as ClassPackageDoc | undefined;
    if (!user || !pkg) throw new Error(`Seed grant refers to a missing customer or package (${JSON.stringify(grant)})`);
    const customer = { customer_id: grant.customerIndex + 1, uid: user.uid };
    const at = new Date(now.getTime() - grant.daysAgo * DAY);
    const method = paymentMethods.find((m) => m.payment_method_id === grant.paymentMethodId);
    const purchase = adminPurchase({
      purchaseId: purchases.length + 1,
      customer,
      pkg,
      packageDays: null,
      isGift: grant.isGift,
      bill: false,
      paymentMethod: method ? { id: method.payment_method_id, name: method.name } : null,
      grantedBy: ADMIN_UID,
      now: at,
    });
    purchases.push(purchase);
    for (const spec of planGrant(pkg, null, at, STUDIO_TZ)) {
      let lot = lotFromSpec(spec, lots.length + 1, customer, purchase, at);
      entries.push(ledgerEntryFor(null, lot, 'grant', { actor, reference: { type: 'purchase', id: purchase.purchase_id } }, at));
      if (grant.used) {
        const later = new Date(at.getTime() + 7 * DAY);
        const after = { ...lot, available_classes: lot.available_classes - grant.used, updatedAt: later };
        entries.push(ledgerEntryFor(lot, after, 'adjust', { actor, reason: `Saldo migrado: ${grant.used} clases ya tomadas` }, later));
        lot = after;
      }
      lots.push(lot);
    }
  }
  return { purchases, lots, entries };
}

/**
 * The core seed writes every customer with no unlimited membership; customers
 * whose lots say otherwise are written again here, whole (the seed replaces
 * documents), with the same fields plus the derived membership.
 */
function customersWithMembership(now: Date, lots: AvailableClassDoc[]): SeedSet['docs'] {
  return seedUsers.flatMap((user, index): SeedSet['docs'] => {
    const window = unlimitedWindow(
      lots.filter((lot) => lot.uid === user.uid),
      now,
    );
    if (!window.active) return [];
    const c = user.customer;
    return [
      [
        `customers/${user.uid}`,
        {
          customer_id: index + 1,
          uid: user.uid,
          ...c,
          email: user.email,
          signup_reason_other: null,
          file: null,
          has_unlimited: true,
          unlimited_membership_expiration: window.expiration,
          search_terms: buildSearchTerms({ name: c.name, last_name: c.last_name, email: user.email, phone: c.phone }),
          createdAt: now,
          updatedAt: now,
        },
      ],
    ];
  });
}

type DemoVideo = Omit<VideoDoc, 'video_id' | 'createdAt' | 'updatedAt' | 'release_date' | 'playbacks'> & { releasedDaysAgo: number };

const video = (v: Partial<DemoVideo> & Pick<DemoVideo, 'name' | 'url' | 'releasedDaysAgo'>): DemoVideo => ({
  description: null,
  duration: null,
  thumbnail: null,
  file: null,
  instructor_id: null,
  video_type_id: null,
  program_id: null,
  class_type_id: null,
  class_category_id: null,
  tag_ids: [],
  available: true,
  ...v,
});

const demoVideos: DemoVideo[] = [
  video({
    name: 'Cycling 45: subidas',
    description: 'Intervalos de resistencia con música pop latina.',
    duration: 45,
    url: 'https://player.vimeo.com/video/76979871',
    thumbnail: '/brand/hero.svg',
    instructor_id: 1,
    video_type_id: 1,
    program_id: 1,
    class_type_id: 1,
    class_category_id: 1,
    tag_ids: [2],
    releasedDaysAgo: 30,
  }),
  video({
    name: 'Vinyasa para empezar el día',
    description: 'Flujo suave de 30 minutos.',
    duration: 30,
    url: 'https://player.vimeo.com/video/76979871',
    thumbnail: '/brand/about.svg',
    instructor_id: 3,
    video_type_id: 1,
    program_id: 2,
    class_type_id: 2,
    class_category_id: 3,
    tag_ids: [1],
    releasedDaysAgo: 21,
  }),
  video({
    name: 'HIIT 20 sin equipo',
    description: 'Peso corporal, cuatro bloques de intervalos.',
    duration: 20,
    url: 'https://player.vimeo.com/video/76979871',
    instructor_id: 2,
    video_type_id: 1,
    program_id: 1,
    class_type_id: 3,
    class_category_id: 2,
    tag_ids: [2],
    releasedDaysAgo: 14,
  }),
  video({
    name: 'Técnica de barre: plié y relevé',
    description: 'Tutorial de postura para tus primeras clases.',
    duration: 12,
    url: 'https://player.vimeo.com/video/76979871',
    instructor_id: 4,
    video_type_id: 2,
    class_type_id: 4,
    class_category_id: 2,
    tag_ids: [1],
    releasedDaysAgo: 7,
  }),
  video({
    name: 'Respiración para dormir mejor',
    description: 'Meditación guiada de 10 minutos.',
    duration: 10,
    url: 'https://player.vimeo.com/video/76979871',
    instructor_id: 3,
    video_type_id: 3,
    class_category_id: 3,
    releasedDaysAgo: 3,
  }),
  video({
    name: 'Estreno: Cycling de fin de año',
    description: 'Se estrena pronto.',
    duration: 50,
    url: 'https://player.vimeo.com/video/76979871',
    thumbnail: '/brand/hero.svg',
    instructor_id: 5,
    video_type_id: 1,
    class_type_id: 1,
    class_category_id: 1,
    tag_ids: [2],
    releasedDaysAgo: -3,
  }),
];

function seedVideos(now: Date): SeedSet['docs'] {
  return demoVideos.map(({ releasedDaysAgo, ...v }, index): SeedSet['docs'][number] => {
    const doc: VideoDoc = {
      ...v,
      video_id: index + 1,
      release_date: new Date(now.getTime() - releasedDaysAgo * DAY),
      playbacks: 0,
      createdAt: now,
      updatedAt: now,
    };
    return [`videos/${doc.video_id}`, { ...doc }];
  });
}

/** The access area's demo data: purchases, lots, their ledger, derived customer fields, videos. */
export function seedAccess(now: Date): SeedSet {
  const { purchases, lots, entries } = seedGrants(now);
  return {
    docs: [
      ...purchases.map((p): SeedSet['docs'][number] => [`purchases/${p.purchase_id}`, { ...p }]),
      ...lots.map((l): SeedSet['docs'][number] => [`available_classes/${l.available_class_id}`, { ...l }]),
      ...entries.map((e, i): SeedSet['docs'][number] => [`credit_ledger/seed-${i + 1}`, { ...e }]),
      ...customersWithMembership(now, lots),
      ...seedVideos(now),
    ],
    counters: { purchases: purchases.length, available_classes: lots.length, videos: demoVideos.length },
  };
}
