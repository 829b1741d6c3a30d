// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PipelineRun } from '@core/contracts/admin';
import { getToasts, resetToasts } from '../../../testing/toasts';
import { queryOf, mockApi } from '../../../testing/mockFetch';
import { renderAdmin } from '../testing/renderAdmin';
import { PipelinesPanel } from './PipelinesPanel';

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

const run = (overrides: Partial<PipelineRun>): PipelineRun => ({
  workflowId: 'scan-reddit-2026-11-22T01:00:00Z',
  runId: 'run-1',
  type: 'scanPlatform',
  platform: 'reddit',
  status: 'COMPLETED',
  startedAt: '2026-11-22T01:00:00.000Z',
  closedAt: '2026-11-22T01:00:01.500Z',
  durationMs: 1500,
  posts: 120,
  mentions: 45,
  error: null,
  temporalUrl: 'http://localhost:8233/namespaces/default/workflows/scan-reddit/run-1/history',
  canRerun: false,
  ...overrides,
});

const failed = run({
  workflowId: 'scan-youtube-2026-11-22T00:55:00Z',
  runId: 'run-2',
  platform: 'youtube',
  status: 'FAILED',
  posts: null,
  mentions: null,
  error: 'YouTube API key rejected',
  canRerun: true,
});

function stub() {
  return mockApi({
    'GET /api/admin/pipelines/runs': { runs: [run({}), failed], temporalUiUrl: 'http://localhost:8233' },
    'POST /api/admin/pipelines/scans': { workflowId: 'scan-twitter-manual-x', runId: 'r', type: 'scanPlatform' },
    'POST /api/admin/pipelines/reruns': { workflowId: 'scan-youtube-rerun-x', runId: 'r', type: 'scanPlatform' },
    'GET /api/admin/ambiguous-symbols': { symbols: ['IT', 'ON'] },
    'GET /api/admin/pipelines/rescore': {
      state: 'idle',
      workflowId: 'rescore-mentions',
      startedAt: null,
      closedAt: null,
      progress: null,
    },
    'POST /api/admin/pipelines/rescore': { workflowId: 'rescore-mentions', runId: 'r', type: 'rescoreMentions' },
    'GET /api/admin/pipelines/labels': { since: '2026-11-29T12:00:00.000Z', mentions: 0, analysers: [] },
    'GET /api/admin/pipelines/quota': {
      day: '2026-11-23',
      resetsAt: '2026-11-24T08:00:00.000Z',
      dailyQuota: 10_000,
      spent: 1_314,
      live: true,
      sources: [
        {
          settingType: 'channels',
          source: 'Financial Education',
          searchUnits: 1_200,
          readUnits: 14,
          units: 1_214,
          share: 1_250,
        },
        { settingType: 'keywords', source: 'old keyword', searchUnits: 100, readUnits: 0, units: 100, share: 0 },
      ],
    },
    'GET /api/admin/pipelines/prices': {
      source: 'tiingo',
      simulated: false,
      refreshes: [
        {
          at: '2026-11-23T15:00:00.000Z',
          source: 'tiingo',
          simulated: false,
          tickers: 1_240,
          priced: 1_236,
          ticks: 5_120,
          historyFilled: 12,
          historyPending: 310,
          note: null,
        },
      ],
      listedSymbols: 12_804,
      withoutReferencePrice: 5_624,
    },
    'PUT /api/admin/ambiguous-symbols': (r: { body: unknown }) => r.body,
    'GET /api/admin/former-symbols': {
      renames: [
        { symbol: 'FB', successor: 'META', changedOn: '2022-06-09', note: 'Facebook renamed Meta' },
        { symbol: 'TWTR', successor: null, changedOn: null, note: '' },
      ],
    },
    'PUT /api/admin/former-symbols': (r: { body: unknown }) => r.body,
  });
}

describe('PipelinesPanel', () => {
  it('shows the YouTube quota spent today per source against its share', async () => {
    stub();
    renderAdmin(<PipelinesPanel />);
    const rows = await screen.findAllByTestId('quota-source');
    const card = within(screen.getByTestId('youtube-quota'));
    expect(card.getByText(/1,314 of 10,000 units spent on 2026-11-23/)).toBeTruthy();
    const first = within(rows[0]!);
    for (const text of ['Financial Education', '1,200', '14', '1,214', '1,250'])
      expect(first.getByText(text)).toBeTruthy();
    expect(within(rows[1]!).getByText('not listed')).toBeTruthy();
  });

  it('shows the price source, the last refresh and the listed symbols without a reference price', async () => {
    stub();
    renderAdmin(<PipelinesPanel />);
    const card = within(await screen.findByTestId('price-pipeline'));
    expect(await card.findByText(/from tiingo: 1,236 of 1,240 stocks priced$/)).toBeTruthy();
    expect(card.getByText('12 filled this run, 310 still to fill (request budget)')).toBeTruthy();
    expect(card.getByText('5,624 of 12,804 listed symbols')).toBeTruthy();
  });

  it('lists runs with platform, status, duration, posts, mentions, error and a Temporal link', async () => {
    const requests = stub();
    renderAdmin(<PipelinesPanel />);
    const rows = await screen.findAllByTestId('pipeline-run');
    expect(queryOf(requests.find((r) => r.url.includes('/pipelines/runs'))!)).toEqual({
      type: 'scanPlatform',
      status: 'all',
    });
    const ok = within(rows[0]!);
    expect(ok.getByText('completed')).toBeTruthy();
    expect(ok.getByText('1.5 s')).toBeTruthy();
    expect(ok.getByText('120')).toBeTruthy();
    expect(ok.getByText('45')).toBeTruthy();
    expect(ok.getByRole('link', { name: 'Open in Temporal' }).getAttribute('href')).toBe(run({}).temporalUrl);
    expect(ok.queryByRole('button', { name: /Re-run/ })).toBeNull();
    const bad = within(rows[1]!);
    expect(bad.getByText('YouTube API key rejected')).toBeTruthy();
    expect(bad.getByText('youtube')).toBeTruthy();
  });

  it('runs a scan now and re-runs a failed run', async () => {
    const requests = stub();
    renderAdmin(<PipelinesPanel />);
    fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'twitter' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Scan Now' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Scan started', description: 'scan-twitter-manual-x' }),
    );
    expect(requests.find((r) => r.url === '/api/admin/pipelines/scans')?.body).toEqual({ platform: 'twitter' });

    fireEvent.click(await screen.findByRole('button', { name: `Re-run ${failed.workflowId}` }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Run started again' }));
    expect(requests.find((r) => r.url === '/api/admin/pipelines/reruns')?.body).toEqual({
      workflowId: failed.workflowId,
      runId: 'run-2',
    });
  });

  it('edits the ambiguity list', async () => {
    const requests = stub();
    renderAdmin(<PipelinesPanel />);
    const box = (await screen.findByLabelText('Ambiguous symbols')) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('IT\nON'));
    const saveButton = screen.getByRole('button', { name: 'Save Ambiguity List' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    fireEvent.change(box, { target: { value: 'IT\nON\nDD' } });
    fireEvent.click(saveButton);
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Ambiguity list updated' }));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ symbols: ['IT', 'ON', 'DD'] });
  });

  it('edits the former symbols beside it: one per line, "-" for a delisting', async () => {
    const requests = stub();
    renderAdmin(<PipelinesPanel />);
    const box = (await screen.findByLabelText('Former symbols')) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('FB, META, 2022-06-09, Facebook renamed Meta\nTWTR, -'));
    const saveButton = screen.getByRole('button', { name: 'Save Former Symbols' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    fireEvent.change(box, { target: { value: `${box.value}\nPCLN, BKNG, 2018-02-27, Priceline, now Booking` } });
    fireEvent.click(saveButton);
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Former symbols updated' }));
    expect(requests.find((r) => r.method === 'PUT' && r.url.includes('former-symbols'))?.body).toEqual({
      renames: [
        { symbol: 'FB', successor: 'META', changedOn: '2022-06-09', note: 'Facebook renamed Meta' },
        { symbol: 'TWTR', successor: null, changedOn: null, note: '' },
        { symbol: 'PCLN', successor: 'BKNG', changedOn: '2018-02-27', note: 'Priceline, now Booking' },
      ],
    });
  });

  it('starts the sentiment re-score and shows how far a running one got', async () => {
    stub();
    renderAdmin(<PipelinesPanel />);
    const card = within(await screen.findByTestId('sentiment-rescore'));
    await card.findByText('No re-score has run yet.');
    // Once started, the run reports its progress.
    const requests = mockApi({
      'GET /api/admin/pipelines/rescore': {
        state: 'running',
        workflowId: 'rescore-mentions',
        startedAt: '2026-11-25T10:00:00.000Z',
        closedAt: null,
        progress: {
          analyser: 'transformer-7b21aa85c389-w56-14-30',
          hoursDone: 42,
          hoursTotal: 168,
          relabelled: 120_000,
        },
      },
      'POST /api/admin/pipelines/rescore': { workflowId: 'rescore-mentions', runId: 'r', type: 'rescoreMentions' },
    });
    fireEvent.click(card.getByRole('button', { name: 'Re-score History' }));
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Re-score started', description: 'rescore-mentions' }),
    );
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/admin/pipelines/rescore')).toBe(true);
    expect(
      await card.findByText('42 of 168 hours, 120,000 posts re-labelled by transformer-7b21aa85c389-w56-14-30'),
    ).toBeTruthy();
    expect(card.getByRole('progressbar', { name: 'Re-score progress' }).getAttribute('aria-valuenow')).toBe('25');
    expect((card.getByRole('button', { name: 'Re-score running' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the last day's labels by analyser, and warns when first labels wait too long", async () => {
    stub();
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    mockApi({
      'GET /api/admin/pipelines/labels': {
        since: ago(24 * 60),
        mentions: 1_000,
        analysers: [
          {
            analyser: 'transformer-85c4aea98697-w48-32-20',
            kind: 'transformer',
            mentions: 960,
            oldest: ago(23 * 60),
            newest: ago(20),
          },
          { analyser: 'learned-0123456789ab', kind: 'learned', mentions: 40, oldest: ago(25), newest: ago(1) },
        ],
      },
    });
    renderAdmin(<PipelinesPanel />);
    const card = within(await screen.findByTestId('sentiment-labels'));
    expect(await card.findByText("1,000 mentions; 96% carry the transformer's label.")).toBeTruthy();
    expect(
      card.getByText(/40 still carry the fast first label, the oldest posted 25 minutes ago: the re-score is behind/),
    ).toBeTruthy();
    expect(card.getByText('AI model (final)')).toBeTruthy();
    expect(card.getByText('fast first label')).toBeTruthy();
    expect(card.getByText('960')).toBeTruthy();
  });

  it('says a running history re-score is replacing late first labels, rather than warning', async () => {
    stub();
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    mockApi({
      'GET /api/admin/pipelines/rescore': {
        state: 'running',
        workflowId: 'rescore-mentions',
        startedAt: ago(1),
        closedAt: null,
        progress: { analyser: 'transformer-85c4aea98697-w48-32-20', hoursDone: 1, hoursTotal: 169, relabelled: 291 },
      },
      'GET /api/admin/pipelines/labels': {
        since: ago(24 * 60),
        mentions: 66_869,
        analysers: [
          { analyser: 'learned-0123456789ab', kind: 'learned', mentions: 65_032, oldest: ago(23 * 60), newest: ago(1) },
          {
            analyser: 'transformer-85c4aea98697-w48-32-20',
            kind: 'transformer',
            mentions: 1_837,
            oldest: ago(60),
            newest: ago(2),
          },
        ],
      },
    });
    renderAdmin(<PipelinesPanel />);
    const card = within(await screen.findByTestId('sentiment-labels'));
    expect(
      await card.findByText(
        '65,032 still carry the fast first label, the oldest posted 23 hours ago: the re-score above is replacing them, newest hour first.',
      ),
    ).toBeTruthy();
    expect(card.queryByText(/behind/)).toBeNull();
  });

  it('says when the last day has no mentions', async () => {
    stub();
    renderAdmin(<PipelinesPanel />);
    const card = within(await screen.findByTestId('sentiment-labels'));
    expect(await card.findByText('No mentions in the last 24 hours.')).toBeTruthy();
  });
});
