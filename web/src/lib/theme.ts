import { type AppConfig, configString } from './app-config';

const THEME_KEYS = ['primary', 'accent', 'dark', 'gray', 'light', 'primary-light'] as const;
const MIN_TEXT_CONTRAST = 4.5;
const WHITE = '#ffffff';

type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio between two hex colours (1 when either cannot be read). */
export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Brand colours are chosen for looks, not legibility: darken `color` just enough
 * that white text on it, and it as text on each background, reach WCAG AA.
 */
export function accessibleShade(color: string, backgrounds: readonly string[]): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  const readable = (candidate: string) => [WHITE, ...backgrounds].every((background) => contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST);
  for (let step = 0; step <= 20; step++) {
    const candidate = toHex(rgb.map((c) => c * (1 - step * 0.05)) as Rgb);
    if (readable(candidate)) return candidate;
  }
  return '#000000';
}

function setLink(rel: string, href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.removeAttribute('type');
  link.href = href;
}

function setMeta(name: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = name;
    document.head.append(meta);
  }
  meta.content = content;
}

/** Theme variables, favicon, title and the studio's own CSS, all from the app config. */
export function applyBranding(config: AppConfig): void {
  const root = document.documentElement.style;
  for (const key of THEME_KEYS) {
    const value = configString(config, key);
    if (value) root.setProperty(`--${key}`, value);
  }
  root.setProperty('--primary-strong', accessibleShade(configString(config, 'primary'), [configString(config, 'light')]));

  const favicon = configString(config, 'favicon');
  if (favicon) setLink('icon', favicon);
  setMeta('theme-color', configString(config, 'dark'));
  // Title, description and link-preview tags follow the route: lib/document-head.ts.
  document.title = configString(config, 'business_name');

  const css = configString(config, 'app_css');
  if (css) {
    const style = document.createElement('style');
    style.id = 'app-css';
    style.textContent = css;
    document.head.append(style);
  }

  insertTrackingCodes(document.head, configString(config, 'head_tracking_codes'));
  insertTrackingCodes(document.body, configString(config, 'body_tracking_codes'));
}

/**
 * The studio's tracking snippets (analytics, pixels, site verification), as
 * the admin pasted them, appended to the head or the body. Scripts parsed from
 * HTML never run, so each is rebuilt as a fresh element with the same
 * attributes and code; everything else (meta, noscript, link) is moved as is.
 * Admins own this HTML as they own app_css: it is trusted by definition.
 */
export function insertTrackingCodes(target: HTMLElement, html: string): void {
  if (!html.trim()) return;
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const node of [...template.content.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement('script');
      for (const { name, value } of [...node.attributes]) script.setAttribute(name, value);
      script.textContent = node.textContent;
      target.append(script);
    } else {
      target.append(node);
    }
  }
}
