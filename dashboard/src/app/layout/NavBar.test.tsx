// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@core/contracts/user';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../testing/fixtures';
import { formatDate } from '../../lib/format';
import { jsonResponse, mockApi, textResponse } from '../../testing/mockFetch';
import { AppProviders } from '../AppProviders';
import { createQueryClient } from '../queryClient';
import { CURRENT_USER_QUERY_KEY } from '../session/currentUserQuery';
import { getToasts, resetToasts } from '../../testing/toasts';
import { NavBar } from './NavBar';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

function renderNavBar(user: PublicUser | null, path = '/dashboard') {
  mockApi({
    'GET /api/user': user ? jsonResponse(user) : textResponse('Unauthorized', 401, 'Unauthorized'),
    'POST /api/logout': { ok: true },
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  const router = createMemoryRouter([{ path: '*', element: <NavBar /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}

function openUserMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
}

describe('NavBar, signed in', () => {
  it('links Dashboard and Alerts and highlights the current route', () => {
    renderNavBar(makeUser(), '/alerts');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const alerts = within(nav).getByRole('link', { name: 'Alerts' });
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });

    expect(alerts.getAttribute('aria-current')).toBe('page');
    expect(dashboard.getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'StockPulse' }).getAttribute('href')).toBe('/');
  });

  it('shows Admin only to admins', () => {
    renderNavBar(makeUser({ role: 'user' }));
    openUserMenu();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin Panel' })).toBeNull();
    expect(screen.queryByText('Admin')).toBeNull();
  });

  it('gives admins the Admin link, the Admin Panel menu entry and the Admin badge', () => {
    renderNavBar(makeUser({ role: 'admin' }));
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    openUserMenu();
    expect(screen.getByRole('link', { name: 'Admin Panel' }).getAttribute('href')).toBe('/admin');
    expect(screen.getAllByText('Admin').some((el) => el.tagName === 'SPAN')).toBe(true);
  });

  it('shows who is signed in', () => {
    renderNavBar(makeUser({ firstName: 'Jane', lastName: 'Doe', username: 'janedoe', email: 'jane@example.com' }));
    openUserMenu();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('@janedoe')).toBeTruthy();
    expect(screen.getByText('jane@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('without a name, shows the e-mail once, and @username when there is one', () => {
    renderNavBar(makeUser({ firstName: null, lastName: null, username: 'quietinvestor', email: 'quiet@example.com' }));
    openUserMenu();
    expect(screen.getAllByText('quiet@example.com')).toHaveLength(1);
    expect(screen.getByText('@quietinvestor')).toBeTruthy();
    cleanup();
    renderNavBar(makeUser({ firstName: null, lastName: null, username: null, email: 'plain@example.com' }));
    openUserMenu();
    expect(screen.getAllByText('plain@example.com')).toHaveLength(1);
  });

  it('a trialing user sees the Free Trial badge, trial end and "Manage Subscription"', () => {
    const trialEndDate = '2025-03-14T12:00:00.000Z';
    renderNavBar(makeUser({ subscriptionStatus: 'trialing', trialEndDate }));
    openUserMenu();

    expect(screen.getByText('Free Trial')).toBeTruthy();
    expect(screen.getByText('Free Trial Active')).toBeTruthy();
    const expectedDate = formatDate(trialEndDate);
    expect(screen.getByText(`Ends ${expectedDate}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Subscription' }).getAttribute('href')).toBe('/subscribe');
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('an admin-set "trial" looks exactly like "trialing": badge, trial end and "Manage Subscription"', () => {
    const trialEndDate = '2025-03-14T12:00:00.000Z';
    renderNavBar(makeUser({ subscriptionStatus: 'trial', trialEndDate }));
    openUserMenu();
    expect(screen.getByText('Free Trial')).toBeTruthy();
    expect(screen.getByText('Free Trial Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('an active subscriber sees "Manage Subscription" and no trial badge', () => {
    renderNavBar(makeUser({ subscriptionStatus: 'active' }));
    openUserMenu();
    expect(screen.getByRole('link', { name: 'Manage Subscription' })).toBeTruthy();
    expect(screen.queryByText('Free Trial')).toBeNull();
    expect(screen.queryByText('Free Trial Active')).toBeNull();
  });

  it.each(['inactive', 'cancelled', 'expired', 'none'] as const)(
    'status "%s" sees "Upgrade to Pro"',
    (subscriptionStatus) => {
      renderNavBar(makeUser({ subscriptionStatus }));
      openUserMenu();
      expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/subscribe');
      expect(screen.queryByRole('link', { name: 'Manage Subscription' })).toBeNull();
    },
  );

  it('Sign Out posts /api/logout, clears the user, toasts and goes to /', async () => {
    const { router, queryClient } = renderNavBar(makeUser());
    openUserMenu();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Successfully logged out!' });
  });

  it('a failed Sign Out toasts "Logout failed" with the error', async () => {
    const { router } = renderNavBar(makeUser());
    mockApi({ 'POST /api/logout': textResponse('{"message":"Session store unavailable"}', 500, 'Error') });
    openUserMenu();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Logout failed',
        description: 'Session store unavailable',
        variant: 'destructive',
      }),
    );
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('Escape closes the menu', () => {
    renderNavBar(makeUser());
    openUserMenu();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Settings' })).toBeNull();
  });
});

describe('NavBar, signed out', () => {
  it('offers Sign In and Get Started, both to /auth', () => {
    renderNavBar(null, '/somewhere');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('button', { name: 'User menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});
