export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The repository's brand icons (web/public/brand), used unless the studio's favicon can serve as an app icon. */
export const BRAND_ICONS: readonly ManifestIcon[] = [
  { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
];

/** Smallest side Chrome accepts for a home-screen icon that does not look blurred. */
export const MIN_APP_ICON_PX = 192;

/** What we know about the file the favicon points to, when it is one of our uploads. */
export interface FaviconFile {
  type: string;
  width: number | null;
  height: number | null;
}

/** The favicon as the app icon when it is a square PNG of at least 192 px; otherwise the brand icons. */
export function manifestIcons(favicon: string, file: FaviconFile | null): ManifestIcon[] {
  if (file && file.type === 'image/png' && file.width !== null && file.width === file.height && file.width >= MIN_APP_ICON_PX) {
    return [{ src: favicon, sizes: `${file.width}x${file.height}`, type: 'image/png', purpose: 'any' }];
  }
  return [...BRAND_ICONS];
}

export interface ManifestSource {
  businessName: string;
  tagline: string;
  primary: string;
  light: string;
  icons: ManifestIcon[];
}

/** The web app manifest: what a phone shows when the site is added to its home screen. */
export function webManifest(source: ManifestSource): Record<string, unknown> {
  return {
    id: '/',
    name: source.businessName,
    short_name: source.businessName,
    ...(source.tagline ? { description: source.tagline } : {}),
    lang: 'es-MX',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: source.primary,
    background_color: source.light,
    icons: source.icons,
  };
}
