import { describe, expect, it } from 'vitest';
import type { PostAnalyser } from '../signal/analysePost';
import { analysePosts } from './analysePosts';
import type { RawPost } from './connector';

const post = (i: number): RawPost => ({
  platform: 'reddit',
  postId: `t3_${i}`,
  source: 'r/stocks',
  author: 'someone',
  createdAt: '2026-11-20T15:00:00.000Z',
  title: i % 2 === 0 ? 'Title' : '',
  text: `$AAPL post ${i}`,
  url: `https://example.test/${i}`,
  engagement: 2.6,
});

/** An analyser that spends about a millisecond a post, as a large batch costs in all. */
const slowAnalyser: PostAnalyser = {
  sentimentVersion: 'test-analyser',
  analyse(text) {
    const until = performance.now() + 1;
    while (performance.now() < until);
    return {
      tickers: text.includes('$AAPL') ? ['AAPL'] : [],
      sentiment: { label: 'bullish', compound: 0.5, confidence: 0.7 },
    };
  },
};

describe('analysePosts', () => {
  it('gives the event loop turns while it analyses a large batch, and returns every row', async () => {
    const order: string[] = [];
    setImmediate(() => order.push('a turn of the event loop'));
    const { postRows, mentionRows } = await analysePosts(
      Array.from({ length: 100 }, (_, i) => post(i)),
      slowAnalyser,
      false,
    );
    order.push('analysed');
    // Analysed in one go, the batch would finish before any callback queued meanwhile could run.
    expect(order).toEqual(['a turn of the event loop', 'analysed']);
    expect(postRows).toHaveLength(100);
    expect(mentionRows).toHaveLength(100);
    expect(mentionRows[0]).toMatchObject({
      platform: 'reddit',
      post_id: 't3_0',
      ticker: 'AAPL',
      label: 'bullish',
      analyser: 'test-analyser',
      engagement: 3,
      simulated: false,
    });
  });
});
