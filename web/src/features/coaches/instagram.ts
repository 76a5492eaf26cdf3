/** Instagram's own rule for user names: letters, digits, '.' and '_', at most 30. */
const HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/**
 * An instructor's `instagram` as admins type it ('@ana.fit', 'ana.fit',
 * 'instagram.com/ana.fit', 'https://www.instagram.com/ana.fit/') turned into a
 * profile link and its '@handle'; null when it is none of those (no link is
 * better than a broken or foreign one).
 */
export function instagramProfile(value: string | null | undefined): { href: string; handle: string } | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(text);
  const handle = fromUrl ? fromUrl[1] : text.replace(/^@/, '');
  if (!handle || !HANDLE.test(handle)) return null;
  return { href: `https://www.instagram.com/${handle}/`, handle: `@${handle}` };
}
