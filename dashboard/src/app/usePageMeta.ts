import { useEffect } from 'react';

export const SITE_NAME = 'StockPulse';
/** Public host used in Open Graph URLs, robots.txt and sitemap.xml. */
export const SITE_URL = 'https://stockpulse.app';

export interface PageMetaOptions {
  /** og:type; "website" unless given (blog posts use "article"). */
  type?: 'website' | 'article';
  /** Path for og:url (e.g. "/pricing"); the current path when omitted. */
  path?: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

/**
 * Sets document.title and, when given, the meta description. With `options` (the public pages pass them)
 * it also sets the Open Graph tags og:title, og:description, og:type and og:url.
 */
export function usePageMeta(title: string, description?: string, options?: PageMetaOptions): void {
  const type = options?.type;
  const path = options?.path;
  const withOpenGraph = options !== undefined;
  useEffect(() => {
    document.title = title;
    if (description !== undefined) setMeta('name', 'description', description);
    if (!withOpenGraph) return;
    setMeta('property', 'og:title', title);
    if (description !== undefined) setMeta('property', 'og:description', description);
    setMeta('property', 'og:type', type ?? 'website');
    setMeta('property', 'og:url', `${SITE_URL}${path ?? window.location.pathname}`);
    setMeta('property', 'og:site_name', SITE_NAME);
  }, [title, description, type, path, withOpenGraph]);
}
