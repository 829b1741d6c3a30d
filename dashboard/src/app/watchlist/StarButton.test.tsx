// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedRequest } from '../../testing/mockFetch';
import { createQueryClient } from '../queryClient';
import { StarButton } from './StarButton';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's list, and the PUTs it has been sent but not yet answered (the test answers them). */
function watchlistServer() {
  let saved: string[] = [];
  const unanswered: Array<() => void> = [];
  const requests = mockApi({
    'GET /api/watchlist': () => ({ tickers: saved }),
    'PUT /api/watchlist': (request: RecordedRequest) =>
      new Promise((resolve) => {
        unanswered.push(() => {
          saved = (request.body as { tickers: string[] }).tickers;
          resolve({ tickers: saved });
        });
      }),
  });
  return { requests, unanswered, saved: () => saved };
}

const pressed = (name: RegExp) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('StarButton', () => {
  it('two stars clicked before the first save is answered: both saved, in order, and neither unstarred meanwhile', async () => {
    const server = watchlistServer();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <StarButton ticker="AAPL" />
        <StarButton ticker="NVDA" />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Add AAPL to watchlist' });

    fireEvent.click(screen.getByRole('button', { name: 'Add AAPL to watchlist' }));
    await waitFor(() => expect(server.unanswered).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Add NVDA to watchlist' }));
    await waitFor(() => expect(pressed(/NVDA/)).toBe('true'));
    expect(pressed(/AAPL/)).toBe('true');
    // The second save waits for the first: were both sent at once, [AAPL] could reach the server last.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);

    server.unanswered.shift()!();
    await waitFor(() => expect(server.unanswered).toHaveLength(1));
    // The first answer ([AAPL]) does not take NVDA's star away while its own save is on its way.
    expect(pressed(/NVDA/)).toBe('true');
    server.unanswered.shift()!();

    await waitFor(() => expect(server.saved()).toEqual(['AAPL', 'NVDA']));
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { tickers: ['AAPL'] },
      { tickers: ['AAPL', 'NVDA'] },
    ]);
    expect(pressed(/AAPL/)).toBe('true');
    expect(pressed(/NVDA/)).toBe('true');
  });
});
