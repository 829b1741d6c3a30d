// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockApi, textResponse, type Handler } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';
import { loginRedirect } from '../../../app/session/unauthorizedRedirect';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const paymentsOn = { ...paymentsOffConfig, paymentsEnabled: true, stripePublishableKey: 'pk_test_x' };

function setUp(config: typeof paymentsOffConfig, createSubscription: Handler) {
  const requests = mockApi({
    'GET /api/user': makeUser(),
    'GET /api/config': config,
    'POST /api/create-subscription': createSubscription,
  });
  return { requests, ...renderRoute('/subscribe') };
}

describe('/subscribe', () => {
  it('without a publishable key: "Payment System Temporarily Unavailable", a link home, and no subscription is created', async () => {
    const { requests } = setUp(paymentsOffConfig, {
      status: 'requires_payment',
      message: '',
      clientSecret: 'pi_1_secret_x',
    });
    expect(await screen.findByRole('heading', { name: 'Payment System Temporarily Unavailable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    expect(requests.some((r) => r.url === '/api/create-subscription')).toBe(false);
  });

  it('with a key: creates the subscription once and shows the plan, the payment form and its button', async () => {
    const { requests } = setUp(paymentsOn, {
      status: 'requires_payment',
      message: 'Complete your payment',
      clientSecret: 'pi_1_secret_x',
    });
    expect(await screen.findByRole('heading', { name: 'Subscribe to Pro' })).toBeTruthy();
    expect(screen.getByText('Get unlimited access to real-time stock monitoring and alerts')).toBeTruthy();
    expect(screen.getByText('Cancel anytime')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Subscribe Now - $49/month' })).toBeTruthy();
    expect(screen.getByText('Secure payment powered by Stripe')).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/create-subscription')).toHaveLength(1);
  });

  it('already active: "Already Subscribed" toast and /dashboard after 1 second', async () => {
    const { router } = setUp(paymentsOn, {
      status: 'active',
      message: "You're already subscribed to Pro",
      clientSecret: null,
    });
    expect(await screen.findByRole('heading', { name: 'Already Subscribed' })).toBeTruthy();
    expect(getToasts()[0]).toMatchObject({
      title: 'Already Subscribed',
      description: "You're already subscribed to Pro",
    });
    expect(router.state.location.pathname).toBe('/subscribe');
    // The move waits for the dashboard's lazy chunk too, which a loaded machine can take seconds to transform.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a failure shows "Payment Processing Error" with the server message; no client secret is an error too', async () => {
    setUp(paymentsOn, jsonResponse({ message: 'The payment provider could not be reached. Please try again.' }, 502));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Payment Processing Error',
        description: 'The payment provider could not be reached. Please try again.',
      }),
    );
    cleanup();
    resetToasts();
    setUp(paymentsOn, { status: 'requires_payment', message: '', clientSecret: null });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Payment Processing Error',
        description: 'No client secret received from server',
      }),
    );
  });

  it('unauthorised: the logout toast, then /api/login after 500 ms', async () => {
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => {});
    setUp(paymentsOn, textResponse('{"message":"Unauthorized"}', 401, 'Unauthorized'));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
      }),
    );
    await waitFor(() => expect(go).toHaveBeenCalled(), { timeout: 1500 });
  });
});
