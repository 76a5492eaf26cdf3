import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { type AppConfig, configString, useConfig } from './app-config';
import { useRouteDescription, useRouteTitle } from './route-handle';

/**
 * The document's head for search engines and link previews: title,
 * description, canonical URL, Open Graph and Twitter card, from the matched
 * route's handle and the app config (docs/public-site, ADR 0081). Eager and
 * small: it runs on the landing's first paint.
 */
export interface HeadTags {
  title: string;
  description: string;
  canonical: string;
  image: string;
  siteName: string;
}

/** Search results cut descriptions at about this many characters. */
const DESCRIPTION_MAX = 160;
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/i;

/** Text of a config value that may hold HTML (about_content), on one line and short enough for a snippet. */
export function plainSnippet(value: string): string {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

/**
 * The site's origin: the configured `domain` (https unless it names a scheme),
 * else where the page was loaded from. A loopback domain (the demo's
 * 'localhost') counts as not configured, as on the server (robots.txt, sitemap).
 */
export function siteOrigin(config: AppConfig, pageOrigin: string): string {
  const domain = configString(config, 'domain').trim();
  if (!domain) return pageOrigin;
  try {
    const url = new URL(/^https?:\/\//i.test(domain) ? domain : `https://${domain}`);
    return LOOPBACK.test(url.host) ? pageOrigin : url.origin;
  } catch {
    return pageOrigin;
  }
}

/** `src` as an absolute URL (link previews need one); already absolute URLs pass through. */
export function absoluteUrl(src: string, origin: string): string {
  if (!src) return '';
  try {
    return new URL(src, `${origin}/`).href;
  } catch {
    return '';
  }
}

/** The studio's description when a route has none: its tagline, else the about text. */
export function defaultDescription(config: AppConfig): string {
  return plainSnippet(configString(config, 'tagline') || configString(config, 'about_content'));
}

export function headTags(input: { config: AppConfig; routeTitle: string | null; routeDescription: string | null; pathname: string; origin: string }): HeadTags {
  const siteName = configString(input.config, 'business_name');
  // One URL per page: no query or fragment, no trailing slash except the root's.
  const path = input.pathname.length > 1 ? input.pathname.replace(/\/+$/, '') : '/';
  return {
    title: input.routeTitle ? `${input.routeTitle} | ${siteName}` : siteName,
    description: input.routeDescription ? plainSnippet(input.routeDescription) : defaultDescription(input.config),
    canonical: `${input.origin}${path}`,
    image: absoluteUrl(configString(input.config, 'social_media_image'), input.origin),
    siteName,
  };
}

/** A <meta> or <link> in the head identified by one attribute, created on first use. */
function headElement<K extends 'meta' | 'link'>(tag: K, key: string, value: string): HTMLElementTagNameMap[K] {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(`${tag}[${key}="${value}"]`);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(key, value);
    document.head.append(element);
  }
  return element;
}

function setMeta(key: 'name' | 'property', value: string, content: string): void {
  if (content) headElement('meta', key, value).content = content;
  else document.head.querySelector(`meta[${key}="${value}"]`)?.remove();
}

export function applyHeadTags(tags: HeadTags): void {
  document.title = tags.title;
  setMeta('name', 'description', tags.description);
  headElement('link', 'rel', 'canonical').href = tags.canonical;
  const shared: Array<[string, string]> = [
    ['title', tags.title],
    ['description', tags.description],
    ['image', tags.image],
  ];
  for (const [name, content] of shared) setMeta('property', `og:${name}`, content);
  setMeta('property', 'og:url', tags.canonical);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:locale', 'es_MX');
  setMeta('property', 'og:site_name', tags.siteName);
  setMeta('name', 'twitter:card', 'summary_large_image');
  for (const [name, content] of shared) setMeta('name', `twitter:${name}`, content);
}

/**
 * Structured data (schema.org JSON-LD) in the head under `id`; null removes it.
 * Screens that describe something (the studio on the landing, classes on the
 * schedule) set it while mounted and clear it when they unmount.
 */
export function setJsonLd(id: string, data: object | null): void {
  const existing = document.getElementById(id);
  if (data === null) {
    existing?.remove();
    return;
  }
  const script = existing ?? document.createElement('script');
  script.id = id;
  script.setAttribute('type', 'application/ld+json');
  // '<' escaped so no value can close the script element early.
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
  if (!existing) document.head.append(script);
}

/** A screen's own title and description, known only once its data loads (a content page's title); over the route's. */
interface ScreenHead {
  title: string | null;
  description: string | null;
}
const NO_SCREEN_HEAD: ScreenHead = { title: null, description: null };
let screenHead = NO_SCREEN_HEAD;
const screenHeadListeners = new Set<() => void>();
function setScreenHead(next: ScreenHead): void {
  screenHead = next;
  for (const listener of screenHeadListeners) listener();
}
function subscribeScreenHead(listener: () => void): () => void {
  screenHeadListeners.add(listener);
  return () => screenHeadListeners.delete(listener);
}

/** Sets the head's title and description from a screen's data while it is mounted (null: the route's). */
export function useScreenHead(title: string | null, description: string | null): void {
  useEffect(() => {
    setScreenHead({ title, description });
    return () => setScreenHead(NO_SCREEN_HEAD);
  }, [title, description]);
}

/** Keeps the head in step with the current route; mounted once, in the root layout. */
export function useDocumentHead(): void {
  const config = useConfig();
  const screen = useSyncExternalStore(subscribeScreenHead, () => screenHead);
  const handleTitle = useRouteTitle();
  const handleDescription = useRouteDescription();
  const routeTitle = screen.title ?? handleTitle;
  const routeDescription = screen.description ?? handleDescription;
  const { pathname } = useLocation();
  useEffect(() => {
    applyHeadTags(headTags({ config, routeTitle, routeDescription, pathname, origin: siteOrigin(config, window.location.origin) }));
  }, [config, routeTitle, routeDescription, pathname]);
}
