// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, paymentsOffConfig } from '../../testing/fixtures';
import { jsonResponse, mockApi, textResponse } from '../../testing/mockFetch';
import { renderRoute } from '../../testing/renderRoute';
import { getToasts, resetToasts } from '../../testing/toasts';
import { CURRENT_USER_QUERY_KEY } from './currentUserQuery';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

function signedOut() {
  return mockApi({
    'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized'),
    'GET /api/config': paymentsOffConfig,
  });
}

function signedInAs(overrides: Parameters<typeof makeUser>[0] = {}) {
  return mockApi({
    'GET /api/user': jsonResponse(makeUser(overrides)),
    'GET /api/config': paymentsOffConfig,
    'POST /api/init-data': { ok: true },
  });
}

describe('protected pages', () => {
  it.each(['/dashboard', '/alerts', '/settings', '/subscribe'])(
    '%s shows the spinner, then sends a signed-out visitor to /auth',
    async (path) => {
      signedOut();
      const { router } = renderRoute(path);

      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
      expect(await screen.findByRole('tab', { name: 'Sign Up' })).toBeTruthy();
    },
  );

  it('treats a failing user check (not 401) as signed out', async () => {
    mockApi({
      'GET /api/user': textResponse('', 500, 'Internal Server Error'),
      'GET /api/config': paymentsOffConfig,
    });
    const { router } = renderRoute('/alerts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('shows the page to a signed-in user', async () => {
    signedInAs();
    renderRoute('/alerts');
    expect(await screen.findByRole('heading', { name: 'Stock Alerts' })).toBeTruthy();
    expect(screen.getByText('Manage your stock mention alerts and notification preferences')).toBeTruthy();
  });
});

describe('/auth', () => {
  it('sends a signed-in user to /dashboard', async () => {
    signedInAs();
    const { router } = renderRoute('/auth');

    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('shows sign-up and login to a signed-out visitor', async () => {
    signedOut();
    const { router } = renderRoute('/auth');
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('/admin', () => {
  it('is shown to admins', async () => {
    signedInAs({ role: 'admin' });
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeTruthy();
  });

  it('sends a non-admin to /dashboard', async () => {
    signedInAs({ role: 'user' });
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('sends an anonymous visitor to /dashboard, which sends them on to /auth', async () => {
    signedOut();
    const { router } = renderRoute('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });
});

describe('signing out from a protected page', () => {
  it('lands on / (not /auth) with the user cleared', async () => {
    let signedIn = true;
    mockApi({
      'GET /api/user': () => (signedIn ? jsonResponse(makeUser()) : textResponse('Unauthorized', 401, 'Unauthorized')),
      'GET /api/config': paymentsOffConfig,
      'POST /api/init-data': { ok: true },
      'POST /api/logout': () => {
        signedIn = false;
        return jsonResponse({ ok: true });
      },
    });
    const { router, queryClient } = renderRoute('/settings');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    });

    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Success', description: 'Successfully logged out!' }),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(await screen.findByText('Social Media Monitoring')).toBeTruthy();
  });
});
