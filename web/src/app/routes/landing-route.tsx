import { Landing } from '../../features/landing/landing';
import type { LandingIslands } from '../../features/landing/landing-sections';

/**
 * The landing's islands made of other features' code (features never import
 * each other; app/ composes them). Every loader is a dynamic import: nothing
 * here joins the landing's first load (docs/adr/0084).
 */
const islands: LandingIslands = {
  coaches: async () => (await import('../../features/coaches/coaches-section')).CoachesSection,
  packages: async () => {
    const [{ PackagesSection }, { PackageCard }] = await Promise.all([
      import('../../features/landing/packages-section'),
      import('../../features/shop/package-card'),
      import('../../features/shop/shop.css'),
    ]);
    return function LandingPackages({ config }) {
      return <PackagesSection config={config} PackageCard={PackageCard} />;
    };
  },
  announcements: async () => (await import('../../features/announcements/announcements-section')).AnnouncementsSection,
  schedule: async () => (await import('../../features/schedule/schedule-section')).ScheduleSection,
};

export function LandingRoute() {
  return <Landing islands={islands} />;
}
