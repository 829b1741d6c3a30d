import { describe, expect, it } from 'vitest';
import type { SessionPrices } from '@core/contracts/stocks';
import { REFETCH_INTERVALS, sessionPricesQueryOptions, SPARSE_SESSION_REFETCH_MS } from './dashboardApi';

const session = (prices: Array<number | null>): SessionPrices => ({
  date: '2026-11-20',
  open: false,
  opensAt: '2026-11-20T14:30:00.000Z',
  closesAt: '2026-11-20T21:00:00.000Z',
  points: prices.map((price, i) => ({
    timestamp: new Date(Date.UTC(2026, 10, 20, 14, 30 + 5 * i)).toISOString(),
    price,
  })),
});

describe('the last session query', () => {
  const interval = (data: SessionPrices | null | undefined) => {
    const { refetchInterval } = sessionPricesQueryOptions('AAPL', { enabled: true });
    return typeof refetchInterval === 'function'
      ? refetchInterval({ state: { data } } as unknown as Parameters<typeof refetchInterval>[0])
      : refetchInterval;
  };

  it('asks again within 30 s while the session has fewer than two prices (a fresh install still backfilling)', () => {
    expect(interval(undefined)).toBe(SPARSE_SESSION_REFETCH_MS);
    expect(interval(session([]))).toBe(SPARSE_SESSION_REFETCH_MS);
    expect(interval(session([12.5, null, null]))).toBe(SPARSE_SESSION_REFETCH_MS);
  });

  it('asks every 15 minutes once the line can be drawn', () => {
    expect(interval(session([12.5, 12.6]))).toBe(REFETCH_INTERVALS.historical);
  });
});
