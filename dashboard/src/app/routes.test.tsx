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
    ['/docs/api', 'StockPulse API'],
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

  it('/docs/api documents every /api/v1 endpoint from the OpenAPI document, each with a curl example and an example answer', async () => {
    renderRoute('/docs/api');
    expect(await screen.findByRole('heading', { level: 2, name: 'Authentication' })).toBeTruthy();
    for (const name of ['Limits', 'Errors', 'Pages and CSV', 'Endpoints'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    const paths = [
      '/api/v1/stocks',
      '/api/v1/stocks/{ticker}',
      '/api/v1/stocks/{ticker}/mentions',
      '/api/v1/stocks/{ticker}/posts',
      '/api/v1/trending',
      '/api/v1/alerts/outcomes',
    ];
    for (const path of paths) {
      expect(screen.getByRole('heading', { level: 3, name: `GET ${path}` })).toBeTruthy();
      expect(screen.getByLabelText(`curl example for GET ${path}`).textContent).toMatch(
        /^curl -H "Authorization: Bearer \$STOCKPULSE_API_KEY"/,
      );
      expect(JSON.parse(screen.getByLabelText(`Example answer of GET ${path}`).textContent!)).toBeTruthy();
    }
    expect(screen.getByLabelText('curl example for GET /api/v1/stocks/{ticker}/mentions').textContent).toContain(
      'https://stockpulse.app/api/v1/stocks/NVDA/mentions?from=',
    );
    expect(screen.getByText(/60 requests a minute and 10,000 requests a day/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('API documentation - StockPulse'));
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
