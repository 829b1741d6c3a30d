/**
 * Server entry, built with `vite build --ssr` and used only by the build (scripts/buildDashboard.ts): renders a route
 * of the same React tree the browser hydrates, with React Router's static handler (which also loads the route's lazy
 * page), and reports what the page declared for its <head>.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { appRoutes, PUBLIC_ROUTES_ID } from './app/routes';
import type { PageHead, RenderedPage } from '@core/contracts/prerender';
import { PageHeadContext } from './app/usePageMeta';
import { blogPosts } from './features/blog/data/blogPosts';

/** Every public URL the build writes as HTML. */
export const PUBLIC_PATHS: readonly string[] = [
  '/',
  '/features',
  '/pricing',
  '/privacy',
  '/terms',
  '/blog',
  '/docs/api',
  ...blogPosts.map((p) => `/blog/${p.slug}`),
];

/** The public route patterns the pre-rendered pages cover (and the catch-all, whose page is the 404). */
const PRERENDERED_PATTERNS = new Set([...PUBLIC_PATHS.filter((p) => !p.startsWith('/blog/')), '/blog/:slug', '*']);

/** A URL no route but the catch-all matches: rendering it gives the 404 page. */
export const NOT_FOUND_PATH = '/404';

export async function renderPage(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Pre-rendering ${path} answered a redirect (${context.status})`);
  // A route error would pre-render the error page as if it were the page: the build fails instead.
  if (context.errors) throw new Error(`Pre-rendering ${path} failed`, { cause: Object.values(context.errors)[0] });
  const router = createStaticRouter(handler.dataRoutes, context);
  let head: PageHead | undefined;
  const html = renderToString(
    <StrictMode>
      <PageHeadContext.Provider value={(declared) => (head = declared)}>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </PageHeadContext.Provider>
    </StrictMode>,
  );
  if (!head) throw new Error(`The page at ${path} did not declare its title (usePageMeta)`);
  return { html, head };
}

/**
 * The path patterns of the browser-only pages (sign-in, the app, admin): the server answers them with the empty shell.
 * Everything else that is not a pre-rendered public page is a 404.
 */
export function appOnlyPaths(routes: readonly RouteObject[] = appRoutes): string[] {
  return routes.flatMap((route) => {
    // Public pages are pre-rendered, except those that only make sense in a browser (the e-mailed verify and reset links).
    if (route.id === PUBLIC_ROUTES_ID)
      return (route.children ?? []).flatMap((child) =>
        child.path && !PRERENDERED_PATTERNS.has(child.path) ? [child.path] : [],
      );
    const own = route.path && route.path !== '*' ? [route.path] : [];
    return [...own, ...appOnlyPaths(route.children ?? [])];
  });
}
