// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlatformStatus } from '@core/contracts/platformStatus';
import type { Stock } from '@core/contracts/stocks';
import type { PublicUser } from '@core/contracts/user';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../../testing/toasts';
import { makeUser, paymentsOffConfig } from '../../../testing/fixtures';
import { renderRoute } from '../../../testing/renderRoute';
import { mockApi, queryOf, type Handler } from '../../../testing/mockFetch';
import { makePoint, makeStatus, makeStock, makeStocks } from '../testing/fixtures';
import { trialDaysRemaining } from './trialDaysRemaining';

vi.mock('../charts/LazyEChart', () => import('../testing/chartMock'));

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

interface OpenOptions {
  user?: PublicUser;
  stocks?: Stock[] | ((range: string) => Stock[]);
  status?: PlatformStatus | Handler;
  routes?: Record<string, Handler>;
}

async function openDashboard({
  user = makeUser(),
  stocks = [makeStock()],
  status = makeStatus(),
  routes = {},
  path = '/dashboard',
}: OpenOptions & { path?: string } = {}) {
  const requests = mockApi(
    {
      'GET /api/user': user,
      'GET /api/config': paymentsOffConfig,
      'POST /api/init-data': { ok: true },
      'GET /api/stocks': (r) => (typeof stocks === 'function' ? stocks(queryOf(r).range ?? '') : stocks),
      'GET /api/status': status,
      'GET /api/trending-now': [],
      ...routes,
    },
    [[/^GET \/api\/stocks\/[^/]+\/historical$/, []]],
  );
  const rendered = renderRoute(path);
  await screen.findByRole('heading', { name: 'Dashboard' });
  await screen.findByRole('heading', { name: 'Trending Stocks', level: 2 });
  return { requests, ...rendered };
}

describe('trialDaysRemaining', () => {
  const now = new Date('2025-01-10T12:00:00.000Z');

  it('rounds part days up', () => {
    expect(trialDaysRemaining('2025-01-11T13:00:00.000Z', now)).toBe(2);
    expect(trialDaysRemaining('2025-01-10T12:00:01.000Z', now)).toBe(1);
    expect(trialDaysRemaining('2025-01-24T12:00:00.000Z', now)).toBe(14);
  });

  it('never goes below zero and ignores unreadable dates', () => {
    expect(trialDaysRemaining('2025-01-01T00:00:00.000Z', now)).toBe(0);
    expect(trialDaysRemaining('not a date', now)).toBeNull();
  });
});

describe('/dashboard', () => {
  it('shows the trial banner with days remaining for a trialing user', async () => {
    const trialEndDate = new Date(Date.now() + 3.5 * 24 * 60 * 60 * 1000).toISOString();
    await openDashboard({ user: makeUser({ subscriptionStatus: 'trialing', trialEndDate }) });
    expect(screen.getByText('4 days remaining in your free trial.')).toBeTruthy();
  });

  it('shows the same banner for a trial an admin set ("trial")', async () => {
    const trialEndDate = new Date(Date.now() + 1.5 * 24 * 60 * 60 * 1000).toISOString();
    await openDashboard({ user: makeUser({ subscriptionStatus: 'trial', trialEndDate }) });
    expect(screen.getByText('2 days remaining in your free trial.')).toBeTruthy();
  });

  it('shows no trial banner otherwise', async () => {
    await openDashboard({ user: makeUser({ subscriptionStatus: 'active', trialEndDate: '2030-01-01T00:00:00.000Z' }) });
    expect(screen.queryByText(/remaining in your free trial/)).toBeNull();
  });

  it('sends POST /api/init-data once', async () => {
    const { requests } = await openDashboard();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/init-data')).toHaveLength(1));
    const initData = requests.find((r) => r.url === '/api/init-data');
    expect(initData?.method).toBe('POST');
    expect(initData?.init?.credentials).toBe('include');
  });

  it('shows a spinner until the stocks arrive', async () => {
    let answer: (stocks: Stock[]) => void = () => undefined;
    mockApi({
      'GET /api/user': makeUser(),
      'GET /api/config': paymentsOffConfig,
      'POST /api/init-data': { ok: true },
      'GET /api/stocks': () => new Promise((resolve) => (answer = resolve)),
      'GET /api/status': makeStatus(),
      'GET /api/trending-now': [],
    });
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Trending Stocks', level: 2 })).toBeNull();
    await act(async () => answer([makeStock()]));
    await screen.findByRole('heading', { name: 'Trending Stocks', level: 2 });
  });

  it('shows the sections in spec order with the summary arithmetic', async () => {
    await openDashboard({
      stocks: [
        makeStock({ id: 1, ticker: 'AAA', totalMentions: 1200, sentiment: 'bullish' }),
        makeStock({ id: 2, ticker: 'BBB', totalMentions: 300, sentiment: 'bearish' }),
        makeStock({ id: 3, ticker: 'CCC', totalMentions: 500, sentiment: 'bullish' }),
      ],
      // Two of the three are trending now: the card counts those, not every stock listed.
      routes: {
        'GET /api/trending-now': [
          { ticker: 'AAA', sentiment: 'bullish' },
          { ticker: 'BBB', sentiment: 'bearish' },
        ],
      },
    });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Summary',
      'Social Media Monitoring Status',
      'Top Movers by Mentions',
      'Sentiment Breakdown',
      'Email Notifications',
      'Live Trend Detection',
      'Trending Stocks',
    ]);
    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Total Mentions',
      'Trending Stocks',
      'Active Alerts',
      'Bullish Sentiment',
    ]);
    expect(summary.getByText('2,000')).toBeTruthy();
    await waitFor(() => expect(summary.getByText('2')).toBeTruthy());
    expect(summary.getByText('15')).toBeTruthy();
    expect(summary.getByText('3 triggered in last 24h')).toBeTruthy();
    expect(summary.getByText('67%')).toBeTruthy();
    expect(summary.getByText('+12.5% from last hour')).toBeTruthy();
  });

  it('shows platform status, coverage and the simulated-feed note; polls /api/status once', async () => {
    const { requests } = await openDashboard({ status: makeStatus([true, false, true], true) });
    await screen.findByText('2/3 Connected');
    const card = within(screen.getByRole('region', { name: 'Social Media Monitoring Status' }));
    expect(card.getAllByText('Active')).toHaveLength(2);
    expect(card.getByText('Inactive').closest('li')?.className).toContain('opacity-50');
    expect(card.getByText('67%')).toBeTruthy();
    expect(card.getByText(/Last scan/)).toBeTruthy();
    expect(card.getAllByText('Simulated feed')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Platform coverage' }).textContent).toContain(
      'Partial platform coverage',
    );
    expect(requests.filter((r) => r.url === '/api/status')).toHaveLength(1);
  });

  it('shows a card per stock with price, signed change, sentiment and mentions', async () => {
    await openDashboard({
      stocks: [
        makeStock({ id: 1, ticker: 'UPP', price: '12.5', changePercent: '1.25', sentiment: 'bullish' }),
        makeStock({ id: 2, ticker: 'DWN', changePercent: '-0.40', sentiment: 'bearish', tiktokMentions: 7 }),
        makeStock({ id: 3, ticker: 'NEW', price: null, changePercent: null, sentiment: 'neutral' }),
      ],
    });
    const card = (ticker: string) =>
      within(screen.getByRole('button', { name: new RegExp(`^${ticker},`) }).closest('article') as HTMLElement);
    expect(card('UPP').getByText('$12.50')).toBeTruthy();
    expect(card('UPP').getByText('+1.25%')).toBeTruthy();
    expect(card('UPP').getByText('Bullish').className).toContain('emerald');
    expect(card('DWN').getByText('-0.40%')).toBeTruthy();
    expect(card('DWN').getByText('Bearish').className).toContain('red');
    expect(card('DWN').getByText('TikTok')).toBeTruthy();
    expect(card('UPP').queryByText('TikTok')).toBeNull();
    expect(card('NEW').getByText('Neutral').className).toContain('yellow');
    expect(card('NEW').getByText('No price yet')).toBeTruthy();
    // No price: no sparkline at all, not even the estimate from change %.
    expect(card('NEW').getByTestId('no-sparkline')).toBeTruthy();
    expect(card('NEW').queryByRole('img')).toBeNull();
    expect(card('UPP').getByText('Reddit')).toBeTruthy();
    // No historical prices: the synthetic line, labelled as an estimate.
    await waitFor(() => expect(card('UPP').getByText('Estimated from change %')).toBeTruthy());
    expect(card('UPP').getByRole('img').getAttribute('aria-label')).toContain('estimated');
  });

  it('draws the sparkline from historical prices when there are some', async () => {
    const { requests } = await openDashboard({
      routes: {
        'GET /api/stocks/TSLA/historical': [
          makePoint('2025-01-10T12:00:00Z', 10),
          makePoint('2025-01-10T12:05:00Z', 11),
        ],
      },
    });
    await screen.findByText('Price, last 1 hour');
    const img = screen.getByRole('img', { name: /TSLA price, last 1 hour: rising/ });
    const line = img.querySelector('polyline');
    expect(line?.getAttribute('data-kind')).toBe('historical');
    const ys = (line?.getAttribute('points') ?? '').split(' ').map((p) => Number(p.split(',')[1]));
    expect(ys).toHaveLength(2);
    expect(ys[1]).toBeLessThan(ys[0]!);
    expect(requests.filter((r) => r.url.startsWith('/api/stocks/TSLA/historical')).map((r) => r.url)).toEqual([
      '/api/stocks/TSLA/historical?range=1hour',
    ]);
  });

  it('labels every card "Simulated prices" while prices are simulated, and none when a provider is configured', async () => {
    await openDashboard({ stocks: makeStocks(3) });
    await waitFor(() => expect(screen.getAllByText('Simulated prices')).toHaveLength(3));
    cleanup();
    await openDashboard({
      stocks: makeStocks(3),
      status: makeStatus(undefined, false, { source: 'massive', simulated: false }),
    });
    await screen.findAllByText('Estimated from change %');
    expect(screen.queryByText('Simulated prices')).toBeNull();
  });

  it('while the market is closed, draws the last session with its date instead of the range', async () => {
    const { requests } = await openDashboard({
      status: makeStatus(undefined, false, { marketOpen: false, session: '2025-01-10' }),
      routes: {
        'GET /api/stocks/TSLA/session': {
          date: '2025-01-10',
          open: false,
          opensAt: '2025-01-10T14:30:00.000Z',
          closesAt: '2025-01-10T21:00:00.000Z',
          points: [250, 252, 249, 251].map((price, i) => ({
            timestamp: new Date(Date.UTC(2025, 0, 10, 14, 30 + 5 * i)).toISOString(),
            price,
          })),
        },
      },
    });
    await screen.findByText('Price, last session, Fri, Jan 10');
    const line = screen.getByRole('img', { name: /TSLA price, last session, Fri, Jan 10/ }).querySelector('polyline')!;
    expect(
      new Set(
        line
          .getAttribute('points')!
          .split(' ')
          .map((p) => p.split(',')[1]),
      ).size,
    ).toBe(4);
    expect(requests.some((r) => r.url.includes('/historical'))).toBe(false);
  });

  it('sorts the grid by the chosen key, defaults by range, keeps range and sort in the URL, and ranks thin support last', async () => {
    const stocks = [
      makeStock({
        id: 1,
        ticker: 'TSLA',
        totalMentions: 400,
        previousMentions: 390,
        trendScore: 0,
        changePercent: '0.50',
        sentimentScore: 0.1,
      }),
      makeStock({
        id: 2,
        ticker: 'SOFI',
        totalMentions: 30,
        previousMentions: 4,
        trendScore: 80,
        changePercent: '-2.00',
        sentimentScore: 0.6,
      }),
      makeStock({
        id: 3,
        ticker: 'TINY',
        totalMentions: 3,
        previousMentions: 0,
        trendScore: 95,
        changePercent: '9.00',
        sentimentScore: 1,
      }),
      makeStock({
        id: 4,
        ticker: 'NVDA',
        totalMentions: 120,
        previousMentions: 60,
        trendScore: 20,
        changePercent: '3.00',
        sentimentScore: -0.2,
      }),
    ];
    const { router } = await openDashboard({ stocks });
    const order = () =>
      [...screen.getByRole('region', { name: 'Trending Stocks' }).querySelectorAll('article h3')].map(
        (h) => h.textContent,
      );
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Trend score',
      'Mentions',
      'Change in mentions',
      'Price change',
      'Sentiment',
    ]);
    // Last 1 hour: trend score first; TINY's 3 mentions are below the minimum support, so its 95 ranks last.
    expect(sort.value).toBe('trend');
    expect(order()).toEqual(['SOFI', 'NVDA', 'TSLA', 'TINY']);

    fireEvent.change(sort, { target: { value: 'mentionChange' } });
    expect(order()).toEqual(['SOFI', 'NVDA', 'TSLA', 'TINY']);
    expect(router.state.location.search).toBe('?sort=mentionChange');
    fireEvent.change(sort, { target: { value: 'priceChange' } });
    expect(order()).toEqual(['NVDA', 'TSLA', 'SOFI', 'TINY']);
    fireEvent.change(sort, { target: { value: 'sentiment' } });
    expect(order()).toEqual(['SOFI', 'TSLA', 'NVDA', 'TINY']);
    fireEvent.change(sort, { target: { value: 'mentions' } });
    expect(order()).toEqual(['TSLA', 'NVDA', 'SOFI', 'TINY']);

    // A longer range defaults to mentions; both live in the URL.
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '24hours' } });
    await waitFor(() => expect(router.state.location.search).toBe('?range=24hours'));
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('mentions');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'trend' } });
    expect(router.state.location.search).toBe('?range=24hours&sort=trend');
  });

  it('opens the range and sort the URL names, and says "data since" when the range reaches back before the data', async () => {
    const since = new Date(Date.now() - 30 * 3_600_000);
    since.setUTCMinutes(0, 0, 0);
    const { requests } = await openDashboard({
      path: '/dashboard?range=7days&sort=sentiment',
      status: makeStatus(undefined, false, {}, since.toISOString()),
    });
    expect((screen.getByLabelText('Time range') as HTMLSelectElement).value).toBe('7days');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('sentiment');
    expect(requests.some((r) => r.url === '/api/stocks?range=7days')).toBe(true);
    expect((await screen.findByTestId('data-since')).textContent).toMatch(/^Data since /);
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '4hours' } });
    await waitFor(() => expect(screen.queryByTestId('data-since')).toBeNull());
  });

  it('asks for the chosen range in both the stock list and the sparklines', async () => {
    const { requests } = await openDashboard({
      stocks: (range) => [makeStock({ totalMentions: range === '7days' ? 9999 : 100 })],
    });
    const select = screen.getByLabelText('Time range') as HTMLSelectElement;
    expect(select.value).toBe('1hour');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['1hour', 'Last 1 hour'],
      ['4hours', 'Last 4 hours'],
      ['24hours', 'Last 24 hours'],
      ['7days', 'Last 7 days'],
      ['30days', 'Last 30 days'],
    ]);
    expect(requests.filter((r) => r.url.startsWith('/api/stocks?')).map((r) => r.url)).toEqual([
      '/api/stocks?range=1hour',
    ]);

    fireEvent.change(select, { target: { value: '7days' } });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/stocks?range=7days')).toBe(true));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('9,999')).toBeTruthy(),
    );
    await waitFor(() => expect(requests.some((r) => r.url === '/api/stocks/TSLA/historical?range=7days')).toBe(true));
  });

  it('shows 12 stocks, then 12 more per "Load More Stocks", and hides the button at the end', async () => {
    await openDashboard({ stocks: makeStocks(30) });
    const grid = () => screen.getByRole('region', { name: 'Trending Stocks' }).querySelectorAll('article');
    expect(grid()).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 30 stocks')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load More Stocks' }));
    expect(grid()).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Load More Stocks' }));
    expect(grid()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Load More Stocks' })).toBeNull();
  });

  it('has no "Load More Stocks" when 12 or fewer stocks exist', async () => {
    await openDashboard({ stocks: makeStocks(12) });
    expect(screen.queryByRole('button', { name: 'Load More Stocks' })).toBeNull();
  });

  it('opens the Set Stock Alert dialog from a card, and the detail view from the card itself', async () => {
    await openDashboard({ routes: { 'GET /api/stocks/TSLA/posts': [] } });
    fireEvent.click(screen.getByRole('button', { name: 'Set alert for TSLA' }));
    const alertDialog = screen.getByRole('dialog', { name: 'Set Stock Alert' });
    expect((within(alertDialog).getByLabelText('Stock symbol') as HTMLInputElement).value).toBe('TSLA');
    fireEvent.keyDown(alertDialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^TSLA, Tesla Inc/ }));
    expect(screen.getByRole('dialog', { name: 'TSLA · Tesla Inc' })).toBeTruthy();
  });

  it('offers a retry when the stocks cannot be loaded', async () => {
    mockApi({
      'GET /api/user': makeUser(),
      'GET /api/config': paymentsOffConfig,
      'POST /api/init-data': { ok: true },
      'GET /api/status': makeStatus(),
      'GET /api/stocks': new Response('{"message":"Warehouse unavailable"}', { status: 503 }),
    });
    renderRoute('/dashboard');
    await screen.findByText('Stocks could not be loaded', undefined, { timeout: 3000 });
    expect(screen.getByText('Warehouse unavailable')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
