// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stats } from '../testing/fixtures';
import { mockApi } from '../../../testing/mockFetch';
import { renderAdmin } from '../testing/renderAdmin';
import { SubscriptionsPanel } from './SubscriptionsPanel';

vi.mock('../charts/LazyAdminChart', () => ({
  LazyAdminChart: ({ label, option }: { label: string; option: { series: unknown } }) => <div role="img" aria-label={label} data-series={JSON.stringify(option.series)} />,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubscriptionsPanel', () => {
  it('shows the §9 revenue figures and a chart of subscribers by status with MRR', async () => {
    mockApi({ 'GET /api/admin/stats': stats });
    renderAdmin(<SubscriptionsPanel onShowUsers={vi.fn()} />);
    expect(await screen.findByText('$1,960')).toBeTruthy(); // 40 × 49
    expect(screen.getByText('$23,520')).toBeTruthy(); // × 12
    expect(screen.getByText('$1,470')).toBeTruthy(); // 30 trial × 49
    expect(screen.getByText('$294')).toBeTruthy(); // × 0.2
    expect(screen.getByText('20%')).toBeTruthy();
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('Active: 40 users, $1,960 per month');
    const series = JSON.parse(chart.getAttribute('data-series')!) as Array<{ name: string; data: number[] }>;
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Users', [40, 30, 5, 5, 40]],
      ['Monthly revenue ($)', [1960, 1470, 0, 0, 0]],
    ]);
  });

  it('quick actions open User Management filtered; the Coming Soon cards are disabled', async () => {
    mockApi({ 'GET /api/admin/stats': stats });
    const onShowUsers = vi.fn();
    renderAdmin(<SubscriptionsPanel onShowUsers={onShowUsers} />);
    fireEvent.click(screen.getByRole('button', { name: 'View Trial Users' }));
    expect(onShowUsers).toHaveBeenCalledWith('trial');
    fireEvent.click(screen.getByRole('button', { name: 'View Active Subscribers' }));
    expect(onShowUsers).toHaveBeenLastCalledWith('active');
    expect(screen.getByText('Trial Extensions')).toBeTruthy();
    expect(screen.getByText('Subscription Recovery')).toBeTruthy();
    const soon = screen.getAllByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement[];
    expect(soon).toHaveLength(2);
    expect(soon.every((b) => b.disabled)).toBe(true);
  });
});
