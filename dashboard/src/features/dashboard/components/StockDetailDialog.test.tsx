// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mockFetch';
import { makePoint, makePost, makeStatus, makeStock } from '../testing/fixtures';
import { renderWithClient } from '../testing/renderWithClient';
import { StockDetailDialog } from './StockDetailDialog';

vi.mock('../charts/LazyEChart', () => import('../testing/chartMock'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('StockDetailDialog', () => {
  it("while the market is closed, draws the last session with its date instead of the range's flat price", async () => {
    const requests = mockApi({
      'GET /api/stocks/TSLA/historical': [
        makePoint('2025-01-11T12:00:00.000Z', 250),
        makePoint('2025-01-11T12:05:00.000Z', 250, 5),
      ],
      'GET /api/stocks/TSLA/session': {
        date: '2025-01-10',
        open: false,
        opensAt: '2025-01-10T14:30:00.000Z',
        closesAt: '2025-01-10T21:00:00.000Z',
        points: [248, 249.5, 247, 250].map((price, i) => ({
          timestamp: new Date(Date.UTC(2025, 0, 10, 14, 30 + 5 * i)).toISOString(),
          price,
        })),
      },
      'GET /api/stocks/TSLA/posts': [],
    });
    renderWithClient(
      <StockDetailDialog
        stock={makeStock()}
        range="1hour"
        prices={makeStatus(undefined, false, { marketOpen: false, session: '2025-01-10' }).prices}
        onClose={() => undefined}
      />,
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Mentions, last 1 hour' })).toBeTruthy();
    expect(
      await dialog.findByRole('heading', { name: 'Price, last session (Fri, Jan 10, market closed)' }),
    ).toBeTruthy();
    const line = dialog.getByRole('img', { name: /TSLA price, last session/ });
    const ys = new Set(
      (line.querySelector('polyline')!.getAttribute('points') ?? '').split(' ').map((p) => p.split(',')[1]),
    );
    expect(ys.size).toBe(4); // a line that moves, not a flat one
    const chart = await dialog.findByRole('img', { name: /TSLA mentions per platform/ });
    const series = JSON.parse(chart.getAttribute('data-series') ?? '[]') as Array<{ name: string }>;
    expect(series.map((s) => s.name)).not.toContain('Price');
    expect(requests.map((r) => r.url)).toContain('/api/stocks/TSLA/session');
  });

  it('a stock without a price shows "No price yet" and mentions only: no price line, live or last-session', async () => {
    const requests = mockApi({
      'GET /api/stocks/TSLA/historical': [
        makePoint('2025-01-10T12:00:00.000Z', null),
        makePoint('2025-01-10T12:05:00.000Z', null, 5),
      ],
      'GET /api/stocks/TSLA/posts': [],
    });
    const stock = makeStock({ price: null, changePercent: null });
    renderWithClient(
      <StockDetailDialog stock={stock} range="4hours" prices={makeStatus().prices} onClose={() => undefined} />,
    );
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('No price yet')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Mentions, last 4 hours' })).toBeTruthy();
    const chart = await dialog.findByRole('img', { name: /TSLA mentions per platform/ });
    const series = JSON.parse(chart.getAttribute('data-series') ?? '[]') as Array<{ name: string }>;
    expect(series.map((s) => s.name)).not.toContain('Price');
    cleanup();
    renderWithClient(
      <StockDetailDialog
        stock={stock}
        range="1hour"
        prices={makeStatus(undefined, false, { marketOpen: false, session: '2025-01-10' }).prices}
        onClose={() => undefined}
      />,
    );
    await within(screen.getByRole('dialog')).findByRole('img', { name: /TSLA mentions per platform/ });
    expect(screen.queryByRole('heading', { name: /Price, last session/ })).toBeNull();
    expect(requests.map((r) => r.url)).not.toContain('/api/stocks/TSLA/session');
  });

  it('shows mentions and price over the range, the sentiment of recent posts and the posts with their links', async () => {
    const requests = mockApi({
      'GET /api/stocks/TSLA/historical': [
        makePoint('2025-01-10T12:00:00.000Z', 250),
        makePoint('2025-01-10T12:05:00.000Z', 251, 5),
      ],
      'GET /api/stocks/TSLA/posts': [
        makePost(),
        makePost({ sentiment: 'bearish', platform: 'twitter', url: 'https://x.com/i/status/1', text: 'selling $TSLA' }),
        makePost({ sentiment: 'bullish', simulated: true, url: 'https://simulated.invalid/p/3', text: 'sim post' }),
        makePost({ sentiment: 'neutral', url: 'javascript:alert(1)', text: 'bad link' }),
      ],
    });
    const onClose = vi.fn();
    renderWithClient(
      <StockDetailDialog
        stock={makeStock({ changePercent: '-0.40' })}
        range="4hours"
        prices={makeStatus().prices}
        onClose={onClose}
      />,
    );

    const dialog = within(screen.getByRole('dialog', { name: 'TSLA · Tesla Inc' }));
    expect(dialog.getByText('$250.00')).toBeTruthy();
    expect(dialog.getByText('-0.40%')).toBeTruthy();
    expect(dialog.getByRole('heading', { name: 'Mentions and price, last 4 hours' })).toBeTruthy();
    expect(dialog.getByText('Simulated prices')).toBeTruthy();

    const chart = await dialog.findByRole('img', { name: /TSLA mentions per platform/ });
    expect(chart.getAttribute('data-kind')).toBe('detail');
    const series = JSON.parse(chart.getAttribute('data-series') ?? '[]') as Array<{ name: string; data: unknown[] }>;
    expect(series.map((s) => s.name)).toEqual(['Reddit', 'Twitter', 'YouTube', 'Price']);
    expect(series[3]?.data).toEqual([250, 251]);
    expect(requests.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/stocks/TSLA/historical?range=4hours', '/api/stocks/TSLA/posts?limit=20']),
    );

    await dialog.findByText('Bullish: 2 (50%)');
    expect(dialog.getByText('Bearish: 1 (25%)')).toBeTruthy();
    expect(dialog.getByText('Neutral: 1 (25%)')).toBeTruthy();
    expect(dialog.queryByText(/sentiment analysers/)).toBeNull();
    expect(dialog.queryByText(/first label/)).toBeNull();
    expect(dialog.queryByText('AI re-score pending')).toBeNull();

    const reddit = dialog.getByRole('link', { name: /View on Reddit/ });
    expect(reddit.getAttribute('href')).toBe('https://www.reddit.com/r/stocks/comments/abc');
    expect(reddit.getAttribute('target')).toBe('_blank');
    expect(reddit.getAttribute('rel')).toBe('noopener noreferrer');
    expect(dialog.getByRole('link', { name: /View on Twitter/ })).toBeTruthy();
    expect(dialog.getByText('Simulated')).toBeTruthy();
    expect(dialog.getByRole('link', { name: /View source \(simulated post\)/ })).toBeTruthy();
    expect(dialog.getAllByRole('link')).toHaveLength(3); // the javascript: URL gets no link

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the recent posts were scored by different sentiment analysers', async () => {
    mockApi({
      'GET /api/stocks/TSLA/historical': [],
      'GET /api/stocks/TSLA/posts': [
        makePost(),
        makePost({ analyser: 'lexicon-1', url: 'https://www.reddit.com/r/stocks/comments/old' }),
      ],
    });
    renderWithClient(
      <StockDetailDialog stock={makeStock()} range="1hour" prices={undefined} onClose={() => undefined} />,
    );
    expect(
      await screen.findByText(
        'Scored by 2 sentiment analysers (lexicon-1, transformer-85c4aea98697-w48-32-20): older posts used an earlier one.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/first label/)).toBeNull();
  });

  it('marks the posts whose fast first label the AI model has not replaced yet', async () => {
    mockApi({
      'GET /api/stocks/TSLA/historical': [],
      'GET /api/stocks/TSLA/posts': [
        makePost({ analyser: 'learned-0123456789ab', text: 'just in' }),
        makePost({ text: 'an hour old' }),
        makePost({ text: 'two hours old' }),
      ],
    });
    renderWithClient(
      <StockDetailDialog stock={makeStock()} range="1hour" prices={undefined} onClose={() => undefined} />,
    );
    expect(
      await screen.findByText(
        "1 of 3 posts carry the fast model's first label until the AI model re-scores them, within minutes of ingest.",
      ),
    ).toBeTruthy();
    // The first label is not a model change: the two analysers are not listed as one replacing the other.
    expect(screen.queryByText(/sentiment analysers/)).toBeNull();
    const pending = screen.getAllByText('AI re-score pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]?.closest('li')?.textContent).toContain('just in');
  });

  it('says so when there is no history or no posts', async () => {
    mockApi({ 'GET /api/stocks/TSLA/historical': [], 'GET /api/stocks/TSLA/posts': [] });
    renderWithClient(
      <StockDetailDialog
        stock={makeStock()}
        range="1hour"
        prices={makeStatus(undefined, false, { simulated: false, source: 'massive' }).prices}
        onClose={() => undefined}
      />,
    );
    expect(screen.queryByText('Simulated prices')).toBeNull();
    expect(await screen.findByText('No mention history for this time range yet.')).toBeTruthy();
    expect(await screen.findByText('No recent posts mention this stock.')).toBeTruthy();
  });
});
