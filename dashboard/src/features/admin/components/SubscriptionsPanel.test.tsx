// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stats } from '../testing/fixtures';
import { mockApi } from '../../../testing/mockFetch';
import { renderAdmin } from '../testing/renderAdmin';
import { SubscriptionsPanel } from './SubscriptionsPanel';

vi.mock('../charts/LazyAdminChart', () => ({
  LazyAdminChart: ({
    label,
    option,
  }: {
    label: string;
    option: { series: unknown; legend: unknown; grid: unknown };
  }) => (
    <div
      role="img"
      aria-label={label}
      data-series={JSON.stringify(option.series)}
      data-legend={JSON.stringify(option.legend)}
      data-grid={JSON.stringify(option.grid)}
    />
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SubscriptionsPanel', () => {
  it('shows the revenue figures and a chart of subscribers by status with MRR', async () => {
    mockApi({ 'GET /api/admin/stats': stats });
    renderAdmin(<SubscriptionsPanel onShowUsers={vi.fn()} />);
    expect(await screen.findByText('$1,960.00')).toBeTruthy(); // 40 × 49
    expect(screen.getByText('$23,520.00')).toBeTruthy(); // × 12
    expect(screen.getByText('$1,470.00')).toBeTruthy(); // 30 trial × 49
    expect(screen.getByText('$294.00')).toBeTruthy(); // × 0.2
    expect(screen.getByText('20%')).toBeTruthy();
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toContain('Active: 40 users, $1,960.00 per month');
    expect(chart.getAttribute('aria-label')).toContain('Trial: 30 users;');
    const series = JSON.parse(chart.getAttribute('data-series')!) as Array<{ name: string; data: number[] }>;
    // Trial users pay nothing: no revenue bar for them.
    expect(series.map((s) => [s.name, s.data])).toEqual([
      ['Users', [40, 30, 5, 5, 40]],
      ['Monthly revenue ($)', [1960, 0, 0, 0, 0]],
    ]);
    // The legend sits below the plot, away from the axis names above it.
    const legend = JSON.parse(chart.getAttribute('data-legend')!) as { bottom?: number; top?: number };
    const grid = JSON.parse(chart.getAttribute('data-grid')!) as { bottom: number };
    expect(legend.bottom).toBe(0);
    expect(legend.top).toBeUndefined();
    expect(grid.bottom).toBeGreaterThanOrEqual(56);
  });

  it('shows money with its cents: $509.60, not $509.6', async () => {
    mockApi({ 'GET /api/admin/stats': { ...stats, monthlyRevenue: 509.6, totalRevenue: 6115.2 } });
    renderAdmin(<SubscriptionsPanel onShowUsers={vi.fn()} />);
    expect(await screen.findByText('$509.60')).toBeTruthy();
    expect(screen.getByText('$6,115.20')).toBeTruthy();
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
