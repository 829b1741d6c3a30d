// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, stats } from '../testing/fixtures';
import { queryOf, mockApi } from '../../../testing/mockFetch';
import { renderAdmin } from '../testing/renderAdmin';
import { AdminPage } from './AdminPage';

vi.mock('../charts/LazyAdminChart', () => ({
  LazyAdminChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AdminPage', () => {
  it('shows the five stats cards and the tabs; a Subscriptions quick action opens User Management filtered', async () => {
    const retention = {
      postsDays: 90,
      mentionsDays: 730,
      postSetRollupDays: 15,
      hourRollupDays: 90,
      dayRollupDays: 1830,
    };
    const requests = mockApi({
      'GET /api/admin/stats': stats,
      'GET /api/admin/users': { users: [adminUser()], totalPages: 1 },
      'GET /api/admin/retention': retention,
    });
    renderAdmin(<AdminPage />);
    await waitFor(() => expect(screen.getByTestId('stat-Total Users').textContent).toBe('120'));
    expect(screen.getByTestId('stat-Active Users').textContent).toBe('110');
    expect(screen.getByTestId('stat-Subscribers').textContent).toBe('40');
    expect(screen.getByTestId('stat-Monthly Revenue').textContent).toBe('$1,960.00');
    expect(screen.getByTestId('stat-Tracked Stocks').textContent).toBe('953');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'User Management',
      'Subscriptions',
      'Platform Settings',
      'Pipelines',
      'Outbox',
      'Alert Outcomes',
      'API Keys',
      'Settings',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: 'Subscriptions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'View Expired' }));
    expect(screen.getByRole('tab', { name: 'User Management' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText('Subscription') as HTMLSelectElement).value).toBe('expired');
    await waitFor(() =>
      expect(queryOf(requests.filter((r) => r.url.startsWith('/api/admin/users')).at(-1)!)).toMatchObject({
        subscriptionStatus: 'expired',
        page: '1',
      }),
    );

    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(screen.getByText(/Coming soon/)).toBeTruthy();
    // The retention the deployment runs with, read-only.
    const raw = await screen.findByRole('row', { name: /Raw mentions/ });
    expect(raw.textContent).toContain('730 days');
    expect(screen.getByRole('row', { name: /Daily counts/ }).textContent).toContain('1,830 days');
  });
});
