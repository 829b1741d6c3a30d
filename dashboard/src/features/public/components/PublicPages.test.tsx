// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { mockApi, textResponse } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';

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

function bodyText(): string {
  return document.body.textContent ?? '';
}

describe('landing page', () => {
  it('has every element of the landing page', async () => {
    renderRoute('/');
    expect(await screen.findByText('Social Media Monitoring')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Demo' })).toBeTruthy();
    for (const title of [
      'Real-Time Monitoring',
      'Smart Alerts',
      'Sentiment Analysis',
      'Price Integration',
      'Secure & Reliable',
      'Lightning Fast',
    ]) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    const text = bodyText();
    for (const snippet of [
      '$49',
      '/month',
      '7-day free trial',
      'No credit card required',
      'Unlimited stock monitoring',
      'Real-time alerts via email and SMS',
      'Advanced sentiment analysis',
      'Historical trend data',
      'Priority support',
      '10,000+',
      '1M+',
      '99.9%',
      '15-30 minutes',
      'every 30 seconds',
      'every 5 minutes',
    ]) {
      expect(text).toContain(snippet);
    }
    const trials = screen.getAllByRole('link', { name: 'Start Free Trial' });
    expect(trials.length).toBeGreaterThanOrEqual(2);
    expect(trials.every((link) => link.getAttribute('href') === '/auth')).toBe(true);
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/features');
    await waitFor(() =>
      expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
        'https://stockpulse.app/',
      ),
    );
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
  });

  it('the footer has Product, Resources and Company links', async () => {
    renderRoute('/');
    const product = await screen.findByRole('navigation', { name: 'Product' });
    expect(
      within(product)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/features', '/pricing', '/dashboard']);
    const resources = screen.getByRole('navigation', { name: 'Resources' });
    expect(
      within(resources)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog', '/privacy', '/terms']);
    const company = screen.getByRole('navigation', { name: 'Company' });
    await waitFor(() =>
      expect(
        within(company)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['mailto:support@stockpulse.test', 'mailto:support@stockpulse.test']),
    );
  });

  it('falls back to support@stockpulse.app while /api/config is unavailable', async () => {
    mockApi({ 'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized') });
    renderRoute('/');
    expect((await screen.findByRole('link', { name: 'Support' })).getAttribute('href')).toBe(
      'mailto:support@stockpulse.app',
    );
  });
});

describe('pricing, privacy and terms', () => {
  it('/pricing has the plan, feature table, benefit cards and the FAQ terms', async () => {
    renderRoute('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Features of the Pro plan' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    const text = bodyText();
    for (const snippet of [
      'converts automatically to the paid Pro plan at $49/month unless you cancel',
      'Cancellation takes effect at the end of the current billing period',
      '30-day money-back guarantee',
      '30 days in advance',
      'at least 18 years old',
      'last 12 months',
      '7-day free trial with no credit card required',
      '14-day free trial with a card on file: $0.00 is due today',
    ]) {
      expect(text).toContain(snippet);
    }
  });

  it('/privacy states the retention periods', async () => {
    renderRoute('/privacy');
    const table = await screen.findByRole('table', { name: 'Data retention periods' });
    const text = table.textContent ?? '';
    expect(text).toContain('Until you delete your account, or 3 years after your last activity');
    expect(text).toMatch(/Usage data.*2 years/);
    expect(text).toMatch(/Payment records.*7 years/);
    expect(text).toMatch(/Support records.*3 years/);
  });

  it('/terms states trial conversion, cancellation, refunds, price notice, age and liability', async () => {
    renderRoute('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    const text = bodyText();
    for (const snippet of [
      'The trial converts automatically to the paid Pro plan at $49/month unless you cancel before it ends.',
      'Cancellation takes effect at the end of the current billing period',
      '30-day money-back guarantee',
      'at least 30 days in advance',
      'at least 18 years old',
      'limited to the amount you paid us in the last 12 months',
      'educational purposes only',
    ]) {
      expect(text).toContain(snippet);
    }
  });
});

describe('the public header', () => {
  it('offers Sign In to a visitor who is signed out', async () => {
    renderRoute('/pricing');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth'));
    expect(nav.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows a signed-in visitor the way to their account, not "Sign In"', async () => {
    mockApi({ 'GET /api/user': makeUser({ email: 'reader@example.com' }), 'GET /api/config': paymentsOffConfig });
    renderRoute('/blog');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard'));
    expect(nav.queryByRole('link', { name: 'Sign In' })).toBeNull();
  });
});

describe('the trial the public pages promise', () => {
  const withPaymentsOn = () =>
    mockApi({
      'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized'),
      'GET /api/config': { ...paymentsOffConfig, paymentsEnabled: true, stripePublishableKey: 'pk_test_x' },
    });

  it('is the 7-day trial without a card while payments are off', async () => {
    renderRoute('/');
    await screen.findByText('Social Media Monitoring');
    await waitFor(() => expect(bodyText()).toContain('7-day free trial · No credit card required'));
    expect(bodyText()).not.toContain('14-day');
  });

  it('is the 14-day trial with a card once payments are on', async () => {
    withPaymentsOn();
    renderRoute('/');
    await waitFor(() =>
      expect(bodyText()).toContain('14-day free trial · Card required, no charge until the trial ends'),
    );
    expect(bodyText()).not.toMatch(/7-day free trial|No credit card required/);
  });

  it('the pricing page names the same trial in its benefits', async () => {
    withPaymentsOn();
    renderRoute('/pricing');
    await waitFor(() => expect(bodyText()).toContain('Try it free for 14 days'));
    expect(bodyText()).not.toContain('Try it free for 7 days');
  });
});
