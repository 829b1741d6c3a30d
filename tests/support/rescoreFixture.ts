import type { MentionRow } from '../../warehouse/queries/insertMentions';
import type { PostRow } from '../../warehouse/queries/insertPosts';

/** Posts a reader labels without hesitation, each mentioning one or two tickers. */
const TEXTS = [
  ['$NVDA beat earnings, loading up more calls, this is going to the moon', ['NVDA']],
  ['$TSLA is going to crash hard, buying puts, get out while you can', ['TSLA']],
  ['Apple to hold its annual shareholder meeting on March 1 $AAPL', ['AAPL']],
  ['$AMD and $NVDA both ripping today, so bullish on chips', ['AMD', 'NVDA']],
  ['Sold all my $TSLA, this company is a disaster and the stock will tank', ['TSLA']],
  ['$AAPL reports quarterly results after the close on Thursday', ['AAPL']],
] as const;

/**
 * `hours` hours of posts and their mentions, each mention labelled by a stand-in for the fast path (`analyser`) with
 * the label a reader would NOT give, so a re-score must change every one of them.
 */
export function rescoreFixture(
  firstHour: Date,
  hours: number,
  analyser: string,
): { posts: PostRow[]; mentions: MentionRow[] } {
  const posts: PostRow[] = [];
  const mentions: MentionRow[] = [];
  for (let h = 0; h < hours; h++) {
    TEXTS.forEach(([text, tickers], i) => {
      const ts = new Date(firstHour.getTime() + h * 3_600_000 + i * 7 * 60_000).toISOString();
      const post_id = `rescore-${h}-${i}`;
      const base = {
        platform: 'reddit',
        post_id,
        source: 'wallstreetbets',
        author_hash: (1000 + i).toString(16).padStart(16, '0'),
        ts,
        engagement: 1,
        simulated: true,
      };
      posts.push({ ...base, title: '', text, url: `https://example.com/${post_id}` });
      const wrong = i % 3 === 0 ? 'bearish' : 'bullish';
      for (const ticker of tickers)
        mentions.push({ ...base, ticker, compound: wrong === 'bullish' ? 0.5 : -0.5, label: wrong, analyser });
    });
  }
  return { posts, mentions };
}

/** Bullish, bearish and total mention counts per ticker as the cards read hours still changing (mention_minutes). */
export const countsQuery = `SELECT ticker, uniqExact(post) AS mentions, uniqExactIf(post, label = 'bullish') AS bullish,
    uniqExactIf(post, label = 'bearish') AS bearish
  FROM mention_minutes GROUP BY ticker ORDER BY ticker`;
