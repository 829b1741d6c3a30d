// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PublicUser } from '@core/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockFetch } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';
import { trialDaysRemaining } from './trialDaysRemaining';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDashboard(user: PublicUser) {
  const requests = mockFetch({
    'GET /api/user': jsonResponse(user),
    'GET /api/config': paymentsOffConfig,
    'POST /api/init-data': { ok: true },
  });
  renderRoute('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  return requests;
}

describe('trialDaysRemaining', () => {
  const now = new Date('2025-01-10T12:00:00.000Z');

  it('rounds part days up', () => {
    expect(trialDaysRemaining('2025-01-11T13:00:00.000Z', now)).toBe(2);
    expect(trialDaysRemaining('2025-01-10T12:00:01.000Z', now)).toBe(1);
    expect(trialDaysRemaining('2025-01-24T12:00:00.000Z', now)).toBe(14);
  });

  it('never goes below zero and ignores unreadable dates', () => {
    expect(trialDaysRemaining('2025-01-01T00:00:00.000Z', now)).toBe(0);
    expect(trialDaysRemaining('not a date', now)).toBeNull();
  });
});

describe('/dashboard', () => {
  it('shows the trial banner with days remaining for a trialing user', async () => {
    const trialEndDate = new Date(Date.now() + 3.5 * 24 * 60 * 60 * 1000).toISOString();
    await openDashboard(makeUser({ subscriptionStatus: 'trialing', trialEndDate }));
    expect(screen.getByText('4 days remaining in your free trial.')).toBeTruthy();
  });

  it('shows no trial banner otherwise', async () => {
    await openDashboard(makeUser({ subscriptionStatus: 'active', trialEndDate: '2030-01-01T00:00:00.000Z' }));
    expect(screen.queryByText(/remaining in your free trial/)).toBeNull();
  });

  it('sends POST /api/init-data once', async () => {
    const requests = await openDashboard(makeUser());
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/init-data')).toHaveLength(1));
    const initData = requests.find((r) => r.url === '/api/init-data');
    expect(initData?.method).toBe('POST');
    expect(initData?.init?.credentials).toBe('include');
  });
});
