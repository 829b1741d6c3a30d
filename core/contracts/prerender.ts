/** What a page declares about its <head>: the pre-render step writes it into the page's HTML. */
export interface PageHead {
  title: string;
  description?: string;
  /** Absent on pages that are not public (no canonical URL or Open Graph tags). */
  openGraph?: { type: 'website' | 'article'; url: string };
}

/** One page as the dashboard's server entry renders it for the build's pre-render step. */
export interface RenderedPage {
  /**
   * The markup inside #root. No hydration-data script: the routes have no loaders, so the browser's router starts the
   * same without it, and the Content-Security-Policy allows no inline script.
   */
  html: string;
  head: PageHead;
}
