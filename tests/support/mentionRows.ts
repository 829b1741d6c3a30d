import type { MentionRow } from '../../warehouse/queries/insertMentions';

let sequence = 0;

/** A mention row at a given instant, with a fresh post id and (unless given) a fresh author. */
export function mentionAt(
  ticker: string,
  at: number,
  options: { platform?: string; label?: MentionRow['label']; author?: number; postId?: string } = {},
): MentionRow {
  sequence++;
  const label = options.label ?? 'neutral';
  return {
    ticker,
    platform: options.platform ?? 'reddit',
    post_id: options.postId ?? `t_${process.pid}_${sequence}`,
    source: 'test',
    author_hash: (options.author ?? 1_000_000 + sequence).toString(16).padStart(16, '0'),
    ts: new Date(at).toISOString(),
    compound: label === 'bullish' ? 0.6 : label === 'bearish' ? -0.6 : 0,
    label,
    engagement: 1,
    simulated: true,
    analyser: 'test',
  };
}

export { MINUTE_MS as MINUTE, HOUR_MS as HOUR, DAY_MS as DAY } from '../../core/timeWindows';
