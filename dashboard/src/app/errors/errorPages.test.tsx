// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsOffConfig } from '../../testing/fixtures';
import { mockApi, textResponse } from '../../testing/mockFetch';
import { renderRoute } from '../../testing/renderRoute';
import { AppErrorBoundary } from './AppErrorBoundary';
import { ERROR_PAGE_TITLE } from './ErrorPage';

const SECRET = 'stack-detail-that-must-not-show';

// The Features page throws while rendering; the Pricing page's code fails to load, as a stale chunk does after a deploy.
vi.mock('../../features/public/components/FeaturesPage', () => ({
  FeaturesPage: () => {
    throw new Error(SECRET);
  },
}));
vi.mock('../../features/public/components/PricingPage', () => {
  throw new Error(`Failed to fetch dynamically imported module ${SECRET}`);
});

beforeEach(() => {
  // React and the error pages log what they caught; the test only looks at the screen.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  mockApi({ 'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized'), 'GET /api/config': paymentsOffConfig });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function expectErrorPage() {
  expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  expect(document.body.textContent).not.toContain(SECRET);
  expect(document.body.textContent).not.toMatch(/at \w+ \(/);
}

describe('route error pages', () => {
  it('a page that throws shows the error page inside its layout, without the error text', async () => {
    renderRoute('/features');
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_PAGE_TITLE })).toBeTruthy();
    expectErrorPage();
    // The public header is still there, so the visitor can go on from it.
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(document.title).toBe(ERROR_PAGE_TITLE);
  });

  it('a page whose code fails to load shows the error page', async () => {
    renderRoute('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: ERROR_PAGE_TITLE })).toBeTruthy();
    expectErrorPage();
  });

  it('other pages are unaffected', async () => {
    renderRoute('/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
  });
});

describe('AppErrorBoundary', () => {
  it('shows the error page with a plain home link when something outside the routes throws', () => {
    function Broken(): never {
      throw new Error(SECRET);
    }
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: ERROR_PAGE_TITLE })).toBeTruthy();
    expectErrorPage();
  });
});
