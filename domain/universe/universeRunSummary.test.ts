import { describe, expect, it } from 'vitest';
import { fallbackReasonOf, LISTED_IN_RESULT, universeRunSummary } from './refreshUniverse';

describe("a universe refresh's result", () => {
  it('counts every change and lists only the first symbols of each kind', () => {
    const added = Array.from({ length: LISTED_IN_RESULT + 5 }, (_, i) => `NEW${i}`);
    const summary = universeRunSummary('nasdaqtrader', undefined, {
      listed: 11_000,
      added,
      delisted: ['OLD'],
      renamed: [{ from: 'FB', to: 'META' }],
    });
    expect(summary).toEqual({
      source: 'nasdaqtrader',
      listed: 11_000,
      added: LISTED_IN_RESULT + 5,
      delisted: 1,
      renamed: [{ from: 'FB', to: 'META' }],
      addedSymbols: added.slice(0, LISTED_IN_RESULT),
      delistedSymbols: ['OLD'],
    });
    expect('fallbackReason' in summary).toBe(false);
  });

  it('says why the committed table stood in, with the cause of a network error', () => {
    const err = new Error('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND www.nasdaqtrader.test') });
    expect(fallbackReasonOf(err)).toBe('fetch failed: getaddrinfo ENOTFOUND www.nasdaqtrader.test');
    expect(fallbackReasonOf(new Error('bad header'))).toBe('bad header');
    expect(fallbackReasonOf('timeout')).toBe('timeout');
    expect(
      universeRunSummary('committed', 'bad header', { listed: 1, added: [], delisted: [], renamed: [] }),
    ).toMatchObject({ source: 'committed', fallbackReason: 'bad header' });
  });
});
