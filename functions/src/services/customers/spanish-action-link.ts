/**
 * An identity-provider action link (set or reset a password, verify an
 * e-mail) that opens Firebase's action page in Spanish. firebase-admin's
 * generated links (and the Auth emulator's) carry `lang=en` whatever the
 * e-mail around them says; the page reads `lang` to pick its language
 * (docs/auth "Account e-mails in Spanish"). A link that is no URL is left as it is.
 */
export function spanishActionLink(link: string): string {
  try {
    const url = new URL(link);
    url.searchParams.set('lang', 'es');
    return url.toString();
  } catch {
    return link;
  }
}
