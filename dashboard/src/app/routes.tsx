import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '../features/public/components/LandingPage';
import { FullPageSpinner } from '../ui/FullPageSpinner';
import { RouteErrorPage } from './errors/RouteErrorPage';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { RedirectIfSignedIn } from './session/RedirectIfSignedIn';
import { RequireAdmin } from './session/RequireAdmin';
import { RequireAuth } from './session/RequireAuth';

/**
 * A page loaded in its own chunk when its route is first visited (react-router route.lazy), so the public pages do not
 * download the app and the dashboard's code. If it throws, or its chunk fails to load, the error page takes its place
 * inside the layout.
 */
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy' | 'errorElement'> {
  return { lazy: async () => ({ Component: await load().catch(failedPage) }), errorElement: <RouteErrorPage /> };
}

/**
 * react-router renders nothing below a route whose `lazy` rejected (not even its errorElement), so a chunk that fails
 * to load becomes a page that throws, which the errorElement shows. Reloading the page loads it afresh.
 */
function failedPage(error: unknown): ComponentType {
  return function FailedPage(): never {
    throw error;
  };
}

/**
 * The frame of the signed-in pages (nav bar, user menu, verify-e-mail banner), loaded with the first of them (the router
 * loads it alongside the page's chunk) rather than with the public pages, which never show it. If its chunk fails to
 * load, the root's error page shows.
 */
const appLayout: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({
    Component: await import('./layout/AppLayout').then((module) => module.AppLayout).catch(failedPage),
  }),
};

/** Id of the route group of the public pages, which the build pre-renders to HTML. */
export const PUBLIC_ROUTES_ID = 'public';

/** Every route of the app. The landing page is in the entry chunk: it is the first page most visitors see. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    // Errors outside a page (a layout, a guard) replace the whole screen.
    errorElement: <RouteErrorPage />,
    // Shown while the first page's chunk loads (a spinner while the page's code and the session load).
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        id: PUBLIC_ROUTES_ID,
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage />, errorElement: <RouteErrorPage /> },
          {
            path: '/features',
            ...page(async () => (await import('../features/public/components/FeaturesPage')).FeaturesPage),
          },
          {
            path: '/pricing',
            ...page(async () => (await import('../features/public/components/PricingPage')).PricingPage),
          },
          {
            path: '/privacy',
            ...page(async () => (await import('../features/public/components/PrivacyPage')).PrivacyPage),
          },
          { path: '/terms', ...page(async () => (await import('../features/public/components/TermsPage')).TermsPage) },
          {
            path: '/blog',
            ...page(async () => (await import('../features/blog/components/BlogIndexPage')).BlogIndexPage),
          },
          {
            path: '/blog/:slug',
            ...page(async () => (await import('../features/blog/components/BlogPostPage')).BlogPostPage),
          },
          {
            path: '/docs/api',
            ...page(async () => (await import('../features/docs/components/ApiDocsPage')).ApiDocsPage),
          },
          // Opened from e-mailed links, signed in or not.
          {
            path: '/verify-email',
            ...page(async () => (await import('../features/account/components/VerifyEmailPage')).VerifyEmailPage),
          },
          {
            path: '/reset-password',
            ...page(async () => (await import('../features/account/components/ResetPasswordPage')).ResetPasswordPage),
          },
          // The 404 page is public too: the server answers unknown paths with its pre-rendered HTML and status 404.
          { path: '*', ...page(async () => (await import('./errors/NotFoundPage')).NotFoundPage) },
        ],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/auth', ...page(async () => (await import('../features/auth/components/AuthPage')).AuthPage) },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            ...appLayout,
            children: [
              {
                path: '/dashboard',
                ...page(async () => (await import('../features/dashboard/components/DashboardPage')).DashboardPage),
              },
              {
                path: '/alerts',
                ...page(async () => (await import('../features/alerts/components/AlertsPage')).AlertsPage),
              },
              {
                path: '/settings',
                ...page(async () => (await import('../features/settings/components/SettingsPage')).SettingsPage),
              },
              {
                path: '/subscribe',
                ...page(async () => (await import('../features/subscribe/components/SubscribePage')).SubscribePage),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            ...appLayout,
            children: [
              {
                path: '/admin',
                ...page(async () => (await import('../features/admin/components/AdminPage')).AdminPage),
              },
            ],
          },
        ],
      },
    ],
  },
];
