import { useEffect } from 'react';
import { useConfig } from './app-config';
import { locationsQuery } from './catalogue-queries';
import { setJsonLd, siteOrigin } from './document-head';
import { studioJsonLd } from './document-head-structured-data';
import { useServerQuery } from './server-data';

export const STUDIO_JSON_LD_ID = 'studio-json-ld';

/**
 * The landing's structured data: a lazy island (it reads /api/locations through
 * server-data, which stays off the first load: ADR 0080). Renders nothing; it
 * writes the JSON-LD while mounted. Without locations it still describes the
 * studio, with the configured `location` text as its address.
 */
export function StudioStructuredData() {
  const config = useConfig();
  const { data: locations, isPending } = useServerQuery(locationsQuery);
  useEffect(() => {
    if (isPending) return undefined;
    setJsonLd(STUDIO_JSON_LD_ID, studioJsonLd(config, siteOrigin(config, window.location.origin), locations ?? []));
    return () => setJsonLd(STUDIO_JSON_LD_ID, null);
  }, [config, locations, isPending]);
  return null;
}
