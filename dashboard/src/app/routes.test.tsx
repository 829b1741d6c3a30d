// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsOffConfig } from '../testing/fixtures';
import { mockApi, textResponse } from '../testing/mockFetch';
import { renderRoute } from '../testing/renderRoute';

beforeEach(() => {
  mockApi({
    'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized'),
    'GET /api/config': paymentsOffConfig,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('public routes', () => {
  it.each([
    ['/features', 'Features'],
    ['/pricing', 'Pricing'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/blog', 'Stock Market Insights & Social Media Trends'],
  ])('%s shows its heading and the disclaimer', async (path, heading) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getAllByText(/does not provide financial advice/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/educational purposes only/).length).toBeGreaterThan(0);
  });

  it('the landing page has the header, hero and metadata', async () => {
    renderRoute('/');
    expect(await screen.findByText('Social Media Monitoring')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Start Free Trial' })[0]?.getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    for (const name of ['Features', 'Pricing', 'Blog']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    await waitFor(() => expect(document.title).toMatch(/monitor.*stock trends in real time/i));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/stock/i);
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe('mailto:support@stockpulse.test');
  });

  it('an unknown blog slug is the 404 page (the server sends it with status 404)', async () => {
    renderRoute('/blog/no-such-post');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('404 Page Not Found'));
  });
});

describe('catch-all', () => {
  it('any other path is the "404 Page Not Found" page', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('404 Page Not Found'));
    // The public header and footer: the 404 page is a public page.
    expect((await screen.findByRole('link', { name: 'Sign In' })).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('contentinfo').textContent).toContain('educational purposes only');
  });
});
