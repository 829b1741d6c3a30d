// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { type Handler, jsonResponse, mockApi, textResponse } from '../../../testing/mockFetch';
import { pricesUpdatedMessage, stocksQueryKey, trendsDetectedMessage } from '../api/dashboardApi';
import { renderWithClient } from '../testing/renderWithClient';
import { TrendDetectionPanel } from './TrendDetectionPanel';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

const trending = Array.from({ length: 12 }, (_, i) => ({
  ticker: `T${i + 1}`,
  sentiment: i % 3 === 0 ? 'bullish' : i % 3 === 1 ? 'bearish' : 'neutral',
}));

async function renderPanel(routes: Record<string, Handler> = {}) {
  const requests = mockApi({ 'GET /api/trending-now': trending, 'GET /api/stocks': [], ...routes });
  const rendered = renderWithClient(<TrendDetectionPanel />);
  // A stock list in the cache, as the page would have, to see it refreshed.
  rendered.queryClient.setQueryData(stocksQueryKey('1hour'), []);
  await screen.findByRole('list', { name: 'Latest trends' });
  return { requests, ...rendered };
}

const count = (requests: { url: string }[], prefix: string) => requests.filter((r) => r.url.startsWith(prefix)).length;

describe('TrendDetectionPanel', () => {
  it('shows the first 10 latest trends as ticker and sentiment badges', async () => {
    await renderPanel();
    const items = within(screen.getByRole('list', { name: 'Latest trends' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'T1Bullish',
      'T2Bearish',
      'T3Neutral',
      'T4Bullish',
      'T5Bearish',
      'T6Neutral',
      'T7Bullish',
      'T8Bearish',
      'T9Neutral',
      'T10Bullish',
    ]);
  });

  it('toasts "Trends Detected" and refreshes stocks and trending-now', async () => {
    const { requests, queryClient } = await renderPanel({
      'POST /api/detect-trends': { trendsDetected: 7, usingRealAPIs: true },
    });
    const trendingBefore = count(requests, '/api/trending-now');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Detect Trends' })));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Trends Detected',
        description: 'Found 7 trending stocks using live APIs',
      }),
    );
    await waitFor(() => expect(count(requests, '/api/trending-now')).toBe(trendingBefore + 1));
    expect(queryClient.getQueryState(stocksQueryKey('1hour'))?.isInvalidated).toBe(true);
  });

  it('names fallback data when the live APIs were not used', () => {
    expect(trendsDetectedMessage(3, false)).toBe('Found 3 trending stocks using fallback data');
    expect(trendsDetectedMessage(3, true)).toBe('Found 3 trending stocks using live APIs');
  });

  it('toasts "Detection Failed" with the server message, or the fallback', async () => {
    await renderPanel({ 'POST /api/detect-trends': jsonResponse({ message: 'Temporal is unavailable' }, 503) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Detect Trends' })));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Detection Failed',
        description: 'Temporal is unavailable',
        variant: 'destructive',
      }),
    );

    cleanup();
    resetToasts();
    vi.unstubAllGlobals();
    // A network failure with no message of its own.
    await renderPanel({
      'POST /api/detect-trends': () => {
        throw new Error('');
      },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Detect Trends' })));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Detection Failed', description: 'Failed to detect trends' }),
    );
  });

  it('toasts "Prices Updated" and refreshes stocks and trending-now', async () => {
    const { requests, queryClient } = await renderPanel({
      'POST /api/stocks/refresh-prices': { updatedCount: 42, simulated: false },
    });
    const trendingBefore = count(requests, '/api/trending-now');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh Prices' })));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Prices Updated',
        description: 'Updated 42 stock prices with real market data',
      }),
    );
    expect(pricesUpdatedMessage(1, false)).toBe('Updated 1 stock prices with real market data');
    await waitFor(() => expect(count(requests, '/api/trending-now')).toBe(trendingBefore + 1));
    expect(queryClient.getQueryState(stocksQueryKey('1hour'))?.isInvalidated).toBe(true);
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/stocks/refresh-prices' });
  });

  it('says the prices are simulated when no real provider answered, never "real market data"', async () => {
    await renderPanel({ 'POST /api/stocks/refresh-prices': { updatedCount: 951, simulated: true } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh Prices' })));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Prices Updated' }));
    expect(getToasts()[0]!.description).toBe(
      'Updated 951 stock prices with simulated data (no market-data provider is configured)',
    );
    expect(getToasts()[0]!.description).not.toMatch(/real market data/);
  });

  it('toasts "Update Failed" with the error message', async () => {
    await renderPanel({ 'POST /api/stocks/refresh-prices': textResponse('', 500, 'Internal Server Error') });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Refresh Prices' })));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({
        title: 'Update Failed',
        description: '500: Internal Server Error',
        variant: 'destructive',
      }),
    );
  });
});
