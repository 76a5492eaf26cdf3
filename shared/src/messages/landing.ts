/**
 * Spanish texts of the landing page's lazy islands (class types, packages).
 * Only the islands import this file, so these texts never weigh on the
 * landing's first load; the eager sections' few texts (section titles, the
 * hero's defaults) stay in `messages.landing` (../messages.ts). The spec does
 * not word these: they are ours.
 */
export const landingMessages = {
  classTypesLoadError: 'No pudimos cargar nuestras clases.',
  packagesLoadError: 'No pudimos cargar los paquetes.',
  /** The link from the landing's packages to the whole shop; {name} is class_packages_name, whatever its gender or number. */
  seeAllPackages: 'Ver {name}',
} as const;
