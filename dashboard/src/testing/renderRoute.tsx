import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/queryClient';
import { appRoutes } from '../app/routes';

export interface RenderRouteResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders the whole app at `path` (a search string may follow) with a fresh query cache (mock fetch first). */
export function renderRoute(path: string, state?: unknown): RenderRouteResult {
  // ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  const queryClient = createQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [{ ...parsePath(path), state }] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
