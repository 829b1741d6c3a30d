// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { jsonResponse, mockApi, queryOf } from '../../../testing/mockFetch';
import { DEFAULT_USER_FILTERS, type UserFilters } from '../api/adminApi';
import { adminUser } from '../testing/fixtures';
import { renderAdmin } from '../testing/renderAdmin';
import { UserManagement } from './UserManagement';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

function Harness() {
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_USER_FILTERS);
  return <UserManagement filters={filters} onFiltersChange={setFilters} />;
}

const subscriber = adminUser({
  id: 'abcdef1234567890',
  email: 'sub@example.com',
  username: 'payer',
  subscriptionStatus: 'active',
  stripeCustomerId: 'cus_1234567890XYZ',
  stripeSubscriptionId: 'sub_ABCDEFGHIJKL',
  lastLoginAt: '2026-03-14T12:00:00.000Z',
});
const inactive = adminUser({
  id: 'ffff0000ffff0000',
  email: 'gone@example.com',
  username: 'gone',
  isActive: false,
  subscriptionStatus: 'cancelled',
});

describe('UserManagement', () => {
  it('shows Loading users..., then the seven columns, "Never", ids truncated to 8, and Page X of N', async () => {
    mockApi({ 'GET /api/admin/users': { users: [adminUser(), subscriber, inactive], totalPages: 3, total: 130 } });
    renderAdmin(<Harness />);
    expect(screen.getByText('Loading users...')).toBeTruthy();
    await screen.findByText('ada@example.com');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'User',
      'Email',
      'Role',
      'Subscription',
      'Status',
      'Last Login',
      'Actions',
    ]);
    const [ada, sub, gone] = screen.getAllByTestId('user-row');
    expect(within(ada!).getByText('Never')).toBeTruthy();
    expect(within(ada!).getByText('12345678')).toBeTruthy();
    expect(within(sub!).getByText('cus cus_1234')).toBeTruthy();
    expect(within(sub!).getByText('sub sub_ABCD')).toBeTruthy();
    expect(within(sub!).queryByText('Never')).toBeNull();
    expect(within(gone!).getByText('Inactive')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('Deactivate only for active users; Cancel Sub only for active subscriptions with a subscription id', async () => {
    const activeNoSubId = adminUser({ id: 'aaaa1111', email: 'nosub@example.com', subscriptionStatus: 'active' });
    mockApi({ 'GET /api/admin/users': { users: [subscriber, inactive, activeNoSubId], totalPages: 1, total: 3 } });
    renderAdmin(<Harness />);
    await screen.findByText('sub@example.com');
    expect(screen.getByRole('button', { name: 'Deactivate sub@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Deactivate gone@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel subscription of sub@example.com' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription of nosub@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription of gone@example.com' })).toBeNull();
    expect(screen.queryByText(/Page \d of/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends filters and search, starting again at page 1; Next asks for the next page', async () => {
    const requests = mockApi({ 'GET /api/admin/users': { users: [adminUser()], totalPages: 2, total: 1 } });
    renderAdmin(<Harness />);
    await screen.findByText('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queryOf(requests.at(-1)!)).toMatchObject({ page: '2', limit: '50' }));
    fireEvent.change(screen.getByLabelText('Subscription'), { target: { value: 'trial' } });
    await waitFor(() =>
      expect(queryOf(requests.at(-1)!)).toEqual({ page: '1', limit: '50', subscriptionStatus: 'trial' }),
    );
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Search users'), { target: { value: "o'brien %" } });
    await waitFor(() =>
      expect(queryOf(requests.at(-1)!)).toEqual({
        page: '1',
        limit: '50',
        subscriptionStatus: 'trial',
        role: 'admin',
        search: "o'brien %",
      }),
    );
  });

  it('shows No users found', async () => {
    mockApi({ 'GET /api/admin/users': { users: [], totalPages: 1, total: 0 } });
    renderAdmin(<Harness />);
    expect(await screen.findByText('No users found')).toBeTruthy();
  });

  it('deletes after the permanent-deletion confirmation, with the User deleted toast', async () => {
    const requests = mockApi({
      'GET /api/admin/users': { users: [subscriber], totalPages: 1, total: 1 },
      'DELETE /api/admin/users/abcdef1234567890': { deleted: 'abcdef1234567890' },
    });
    renderAdmin(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete sub@example.com' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(
      'Are you sure you want to permanently delete sub@example.com? This action cannot be undone.',
    );
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'User deleted' }));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/users/abcdef1234567890',
    ]);
  });

  it('cancels a subscription after the confirmation that access remains until the period ends', async () => {
    const requests = mockApi({
      'GET /api/admin/users': { users: [subscriber], totalPages: 1, total: 1 },
      'POST /api/admin/users/abcdef1234567890/cancel-subscription': { ok: true },
    });
    renderAdmin(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription of sub@example.com' }));
    expect(screen.getByRole('dialog').textContent).toMatch(
      /access remains until the end of the current billing period/,
    );
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Subscription cancelled' }));
    expect(requests.some((r) => r.method === 'POST' && r.url.endsWith('/cancel-subscription'))).toBe(true);
  });

  it('changes role and subscription; a refused change shows the failure toast with the server message', async () => {
    const requests = mockApi({
      'GET /api/admin/users': { users: [adminUser()], totalPages: 1, total: 1 },
      'PUT /api/admin/users/1234567890abcdef-user/role': jsonResponse(
        { message: 'Cannot demote the last active admin' },
        409,
      ),
      'PUT /api/admin/users/1234567890abcdef-user/subscription': (r: { body: unknown }) =>
        adminUser({ subscriptionStatus: (r.body as { subscriptionStatus: 'active' }).subscriptionStatus }),
      'PUT /api/admin/users/1234567890abcdef-user/deactivate': adminUser({ isActive: false }),
    });
    renderAdmin(<Harness />);
    fireEvent.change(await screen.findByLabelText('Role of ada@example.com'), { target: { value: 'admin' } });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Failed to update role',
        description: 'Cannot demote the last active admin',
        variant: 'destructive',
      }),
    );
    fireEvent.change(screen.getByLabelText('Subscription of ada@example.com'), { target: { value: 'expired' } });
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Subscription updated' }));
    expect(requests.find((r) => r.url.endsWith('/subscription'))?.body).toEqual({ subscriptionStatus: 'expired' });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate ada@example.com' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'User deactivated' }));
  });
});
