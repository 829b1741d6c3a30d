import { createHash } from 'node:crypto';
import { pauseForEventLoop } from '../../platform/eventLoopSlices';
import type { MentionRow } from '../../warehouse/queries/insertMentions';
import type { PostRow } from '../../warehouse/queries/insertPosts';
import type { PostAnalyser } from '../signal/analysePost';
import type { RawPost } from './connector';

/** An author's stored identity: a hash, so the warehouse never holds a platform user name. */
export const authorHash = (platform: string, author: string) =>
  createHash('sha256').update(`${platform}:${author}`).digest('hex').slice(0, 16);

/**
 * A fetched batch as the rows ClickHouse stores: every post, and one mention per (post, ticker) with the post's
 * sentiment. A first scan's batch takes about a second to analyse, so the work goes in slices that let the API answer
 * between them.
 */
export async function analysePosts(
  posts: readonly RawPost[],
  analyser: PostAnalyser,
  simulated: boolean,
): Promise<{ postRows: PostRow[]; mentionRows: MentionRow[] }> {
  const postRows: PostRow[] = [];
  const mentionRows: MentionRow[] = [];
  for (const post of posts) {
    await pauseForEventLoop();
    const hash = authorHash(post.platform, post.author);
    const base = {
      platform: post.platform,
      post_id: post.postId,
      source: post.source,
      author_hash: hash,
      ts: post.createdAt,
      engagement: Math.max(0, Math.round(post.engagement)),
      simulated,
    };
    postRows.push({ ...base, title: post.title, text: post.text, url: post.url });
    const { tickers, sentiment } = analyser.analyse(post.title ? `${post.title}\n${post.text}` : post.text);
    for (const ticker of tickers)
      mentionRows.push({
        ...base,
        ticker,
        compound: sentiment.compound,
        label: sentiment.label,
        analyser: analyser.sentimentVersion,
      });
  }
  return { postRows, mentionRows };
}
