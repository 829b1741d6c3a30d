import type { RouteObject } from 'react-router-dom';
import { AlertsPage } from '../features/alerts/components/AlertsPage';
import { AuthPage } from '../features/auth/components/AuthPage';
import { BlogIndexPage } from '../features/blog/components/BlogIndexPage';
import { BlogPostPage } from '../features/blog/components/BlogPostPage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { FeaturesPage } from '../features/public/components/FeaturesPage';
import { LandingPage } from '../features/public/components/LandingPage';
import { NotFoundPage } from '../features/public/components/NotFoundPage';
import { PricingPage } from '../features/public/components/PricingPage';
import { PrivacyPage } from '../features/public/components/PrivacyPage';
import { TermsPage } from '../features/public/components/TermsPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { SubscribePage } from '../features/subscribe/components/SubscribePage';
import { AppLayout } from './layout/AppLayout';
import { PublicLayout } from './layout/PublicLayout';
import { RootLayout } from './layout/RootLayout';
import { RedirectIfSignedIn } from './session/RedirectIfSignedIn';
import { RequireAdmin } from './session/RequireAdmin';
import { RequireAuth } from './session/RequireAuth';

/** Every route of spec §2. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LandingPage /> },
          { path: '/features', element: <FeaturesPage /> },
          { path: '/pricing', element: <PricingPage /> },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/terms', element: <TermsPage /> },
          { path: '/blog', element: <BlogIndexPage /> },
          { path: '/blog/:slug', element: <BlogPostPage /> },
        ],
      },
      {
        element: <RedirectIfSignedIn />,
        children: [{ path: '/auth', element: <AuthPage /> }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/alerts', element: <AlertsPage /> },
              { path: '/settings', element: <SettingsPage /> },
              { path: '/subscribe', element: <SubscribePage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAdmin />,
        // The admin area (react-table, its editors) loads in its own chunk: most visitors never open it.
        children: [{ element: <AppLayout />, children: [{ path: '/admin', lazy: async () => ({ Component: (await import('../features/admin/components/AdminPage')).AdminPage }) }] }],
      },
      {
        element: <AppLayout />,
        children: [{ path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];
