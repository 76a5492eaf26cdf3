/** What each area's seed module contributes: documents to write and counter values (ADR 0004). */
export interface SeedSet {
  docs: Array<[path: string, data: Record<string, unknown>]>;
  counters: Record<string, number>;
}

/** Studio time zone of the demo studio. */
export const STUDIO_TZ = 'America/Mexico_City';
