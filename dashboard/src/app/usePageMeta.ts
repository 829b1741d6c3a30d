import { createContext, useContext, useEffect } from 'react';
import type { PageHead } from '@core/contracts/prerender';

export const SITE_NAME = 'StockPulse';
/** Public host used in canonical and Open Graph URLs, robots.txt and sitemap.xml. */
export const SITE_URL = 'https://stockpulse.app';

export interface PageMetaOptions {
  /** og:type; "website" unless given (blog posts use "article"). */
  type?: 'website' | 'article';
  /** Path for the canonical URL and og:url (e.g. "/pricing"); the current path when omitted. */
  path?: string;
}

/**
 * Set only while pre-rendering: effects do not run in renderToString, so the hook records the page's head here during
 * render instead, and the build writes it into the HTML.
 */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Sets document.title and, when given, the meta description. With `options` (the public pages pass them)
 * it also sets the canonical URL and the Open Graph tags og:title, og:description, og:type and og:url.
 */
export function usePageMeta(title: string, description?: string, options?: PageMetaOptions): void {
  const type = options?.type ?? 'website';
  const path = options?.path;
  const withOpenGraph = options !== undefined;
  const declareHead = useContext(PageHeadContext);
  declareHead?.({
    title,
    description,
    openGraph: withOpenGraph ? { type, url: `${SITE_URL}${path ?? '/'}` } : undefined,
  });
  useEffect(() => {
    document.title = title;
    if (description !== undefined) setMeta('name', 'description', description);
    if (!withOpenGraph) return;
    const url = `${SITE_URL}${path ?? window.location.pathname}`;
    setMeta('property', 'og:title', title);
    if (description !== undefined) setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:site_name', SITE_NAME);
    setCanonical(url);
  }, [title, description, type, path, withOpenGraph]);
}
