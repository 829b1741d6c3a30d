// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@core/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockApi } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';
import { CANCEL_SUBSCRIPTION_CONFIRMATION } from '../api/subscriptionApi';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSubscription(user: PublicUser, cancelled: PublicUser) {
  let current = user;
  const requests = mockApi({
    'GET /api/user': () => jsonResponse(current),
    'GET /api/config': paymentsOffConfig,
    'POST /api/subscription/cancel': () => {
      current = cancelled;
      return jsonResponse(cancelled);
    },
  });
  renderRoute('/settings');
  fireEvent.click(await screen.findByRole('tab', { name: 'Security' }));
  await screen.findByRole('heading', { name: 'Subscription' });
  return requests;
}

describe('Settings → Security → Subscription', () => {
  const periodEnd = '2030-03-14T12:00:00.000Z';
  const active = makeUser({
    subscriptionStatus: 'active',
    stripeSubscriptionId: 'sub_1',
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
  });

  it('cancels at period end after confirmation, and shows until when access lasts', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const requests = await openSubscription(active, { ...active, cancelAtPeriodEnd: true });
    expect(screen.getByText(/Renews .* at \$49\/month/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(confirm).toHaveBeenCalledWith(CANCEL_SUBSCRIPTION_CONFIRMATION);
    expect(await screen.findByText(/Cancelled: access continues until/)).toBeTruthy();
    expect(requests.filter((r) => r.url === '/api/subscription/cancel')).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: 'Subscription cancelled' });
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });

  it('does nothing when the confirmation is declined; offers Upgrade to Pro without a subscription', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const requests = await openSubscription(active, active);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/subscription/cancel')).toBe(false));
    cleanup();
    await openSubscription(makeUser({ subscriptionStatus: 'expired' }), active);
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
  });
});
