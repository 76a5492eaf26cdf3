/**
 * API reads (paths under /api) whose answer is the same for every caller who
 * is not an admin: the studio's configuration, content pages, packages and
 * the catalogue. The web sends them without a customer's token, so Hosting's
 * CDN answers signed-in customers too (the API marks their anonymous answers
 * cacheable: functions/src/http/public-cache.ts, the `catalogue` lifetime).
 * An admin's reads keep the token: the console sees its own changes at once.
 *
 * Not here: the schedule and a class's view (cacheable when anonymous, but a
 * signed-in caller's answer carries their own places), and anything personal.
 * functions/test/unit/http/public-cache.test.ts checks this list against the API.
 */
const SHARED_READS: readonly RegExp[] = [
  /^\/appconfig$/,
  /^\/pages(?:\/[^/]+)?$/,
  /^\/class_packages(?:\/(?:online|presenciales|especiales)\/(?:all|home)|\/\d+)?$/,
  /^\/(?:locations|class_types|class_categories|instructors|tags|announcements|programs|video_types|payment_methods|forms|custom_fields)(?:\/\d+)?$/,
  /^\/class_categories\/available$/,
  /^\/instructors\/home\/all$/,
];

/** Whether a GET of `path` (under /api, with or without its query string) is answered the same to every non-admin caller. */
export function isSharedRead(path: string): boolean {
  const bare = path.split('?')[0] ?? path;
  return SHARED_READS.some((pattern) => pattern.test(bare));
}
