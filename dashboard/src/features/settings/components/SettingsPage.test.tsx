// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PublicUser } from '@core/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockApi, textResponse, type Handler } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSettings(user: PublicUser = makeUser(), routes: Record<string, Handler> = {}) {
  let signedIn = true;
  const requests = mockApi({
    'GET /api/user': () => (signedIn ? jsonResponse(user) : textResponse('Unauthorized', 401, 'Unauthorized')),
    'GET /api/config': paymentsOffConfig,
    'PATCH /api/user/profile': { ok: true },
    'DELETE /api/user/account': () => {
      signedIn = false;
      return jsonResponse({ ok: true });
    },
    ...routes,
  });
  const rendered = renderRoute('/settings');
  await screen.findByRole('heading', { name: 'Settings' });
  return { requests, ...rendered };
}

function tab(name: string) {
  fireEvent.click(screen.getByRole('tab', { name }));
}

describe('/settings', () => {
  it('opens on Profile and shows Save Changes on Profile and Notifications only', async () => {
    await openSettings();
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    tab('Notifications');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    tab('Security');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.getByText('Account Verified')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download My Data' })).toBeTruthy();
  });

  it('shows the exact profile validation messages', async () => {
    const { requests } = await openSettings();
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' })));

    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('disables the SMS switch while the phone number is empty', async () => {
    await openSettings(makeUser({ phoneNumber: null }));
    tab('Notifications');
    const sms = screen.getByRole('switch', { name: 'SMS alerts' }) as HTMLButtonElement;
    expect(sms.disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Email alerts' }) as HTMLButtonElement).disabled).toBe(false);

    tab('Profile');
    fireEvent.change(screen.getByLabelText('Phone number (optional)'), { target: { value: '+14155550123' } });
    tab('Notifications');
    expect((screen.getByRole('switch', { name: 'SMS alerts' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('saves profile and notifications with PATCH /api/user/profile', async () => {
    const { requests } = await openSettings(makeUser({ phoneNumber: '+14155550123' }));
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Janet' } });
    tab('Notifications');
    fireEvent.click(screen.getByRole('switch', { name: 'SMS alerts' }));
    fireEvent.click(screen.getByRole('switch', { name: 'New features' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Profile Updated' }));
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url).toBe('/api/user/profile');
    expect(patch?.body).toEqual({
      firstName: 'Janet',
      lastName: 'Doe',
      email: 'jane@example.com',
      phoneNumber: '+14155550123',
      notifications: { emailAlerts: true, smsAlerts: true, weeklyDigest: true, marketUpdates: true, newFeatures: true },
    });
  });

  it('asks for the current password only when the e-mail changes, and sends it with the change', async () => {
    const { requests } = await openSettings();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my-current-pass' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      email: 'new@example.com',
      currentPassword: 'my-current-pass',
    });
  });

  it('shows a pending address and an unverified phone with how to verify it', async () => {
    const { requests } = await openSettings(
      makeUser({ pendingEmail: 'next@example.com', phoneNumber: '+14155550123', phoneVerified: false }),
      {
        'POST /api/user/phone/code': { message: 'We sent a 6-digit code to +14155550123' },
        'POST /api/user/phone/verify': makeUser({ phoneNumber: '+14155550123', phoneVerified: true }),
      },
    );
    expect(screen.getByText(/we sent a link to next@example.com/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ description: 'We sent a 6-digit code to +14155550123' }),
    );
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify Phone' }));
    });
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/user/phone/verify')?.body).toEqual({ code: '123456' }),
    );
  });

  it('changes the password on Security with the current one, and says what the server refused', async () => {
    const { requests } = await openSettings(makeUser(), {
      'POST /api/user/password': () =>
        jsonResponse({ message: 'Current password is incorrect', field: 'currentPassword' }, 400),
    });
    tab('Security');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' })));
    expect(screen.getByText('Current password is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong-one' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-long-passphrase' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'a-new-long-passphrase' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Password not changed' }));
    expect(requests.find((r) => r.url === '/api/user/password')?.body).toEqual({
      currentPassword: 'wrong-one',
      newPassword: 'a-new-long-passphrase',
      confirmPassword: 'a-new-long-passphrase',
    });
    // The 400 names the field, so its message shows under it too.
    await waitFor(() => expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Current password is incorrect').some((el) => el.id)).toBe(true);
  });

  it('toasts "Update Failed" with the server message', async () => {
    await openSettings(makeUser(), {
      'PATCH /api/user/profile': textResponse('{"message":"Email already in use"}', 409, 'Conflict'),
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Update Failed',
        description: 'Email already in use',
        variant: 'destructive',
      }),
    );
  });

  it('asks for the current password and sends nothing when the dialog is cancelled', async () => {
    const { requests } = await openSettings();
    tab('Security');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('Are you sure you want to delete your account? This action cannot be undone.');
    expect(within(dialog).getByLabelText('Current password')).toBeTruthy();
    expect(dialog.textContent).toContain('Enter your current password to confirm');
    // Without a password nothing is sent.
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    });
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('deletes the account with the current password, then goes to /', async () => {
    const { requests, router, queryClient } = await openSettings();
    tab('Security');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'my-password' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const sent = requests.find((r) => r.method === 'DELETE');
    expect(sent?.url).toBe('/api/user/account');
    expect(sent?.body).toEqual({ currentPassword: 'my-password' });
    expect(queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toBeNull();
    expect(getToasts()[0]).toMatchObject({ title: 'Account Deleted' });
  });

  it('shows a wrong password under the field and stays', async () => {
    const { router } = await openSettings(makeUser(), {
      'DELETE /api/user/account': jsonResponse(
        { message: 'Current password is incorrect', field: 'currentPassword' },
        400,
      ),
    });
    tab('Security');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'wrong-password' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    });

    const field = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(
      'Current password is incorrect',
    );
    expect(getToasts()).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('toasts "Deletion Failed" when the server refuses', async () => {
    const { router } = await openSettings(makeUser(), {
      'DELETE /api/user/account': textResponse('', 500, 'Internal Server Error'),
    });
    tab('Security');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: 'my-password' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    });

    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Deletion Failed', variant: 'destructive' }));
    expect(router.state.location.pathname).toBe('/settings');
  });
});
