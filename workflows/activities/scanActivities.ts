import { createHash } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { activeSourceLists } from '../../warehouse/postgres/platformSettings';
import { saveSourceCursor, saveSourceError, sourceCursor } from '../../warehouse/postgres/sourceCursors';
import { ensureStockRows } from '../../warehouse/postgres/stocks';
import { insertMentions, type MentionRow } from '../../warehouse/queries/insertMentions';
import { insertPosts, type PostRow } from '../../warehouse/queries/insertPosts';
import type { PostAnalyser } from '../../domain/signal/analysePost';
import {
  ConnectorError,
  type Connector,
  type QuotaAllowance,
  type QuotaKind,
  type RawPost,
  type Source,
} from '../connectors/types';
import { quotaDay } from '../../domain/quota/quotaDay';
import { planQuotaAllowance } from '../../domain/quota/quotaPlan';
import { createQuotaUsageStore } from '../../warehouse/postgres/apiQuotaUsage';
import type { PostAnalyserCache } from './postAnalyserCache';
import type { Platform } from '../../core/platforms';

export interface SourceScanResult {
  source: string;
  settingType: string;
  posts: number;
  mentions: number;
  simulated: boolean;
  /** A source that failed for good (bad payload, bad credentials); the scan goes on with the others. */
  error: string | null;
}

export interface ScanActivityDeps {
  db: Database;
  warehouse: Warehouse;
  connectors: Record<Platform, Connector>;
  analysers: PostAnalyserCache;
  maxPostsPerSource: number;
  /** The clock quota days are read from (tests pin it). */
  now?: () => Date;
}

export const authorHash = (platform: string, author: string) =>
  createHash('sha256').update(`${platform}:${author}`).digest('hex').slice(0, 16);

function heartbeat(detail: unknown): void {
  try {
    Context.current().heartbeat(detail);
  } catch {
    // Outside a Temporal activity (direct calls in tests and benchmarks) there is no context to beat.
  }
}

/** A fetched batch as the rows ClickHouse stores: every post, and one mention per (post, ticker) with the post's sentiment. */
export function analysePosts(
  posts: readonly RawPost[],
  analyser: PostAnalyser,
  simulated: boolean,
): { postRows: PostRow[]; mentionRows: MentionRow[] } {
  const postRows: PostRow[] = [];
  const mentionRows: MentionRow[] = [];
  for (const post of posts) {
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

export function createScanActivities(deps: ScanActivityDeps) {
  const { db, warehouse } = deps;
  const now = () => (deps.now ? deps.now().getTime() : Date.now());
  const quotaUsage = createQuotaUsageStore(db);

  async function loadSources(platform: Platform): Promise<Source[]> {
    const rows = await activeSourceLists(db, [platform]);
    return rows.flatMap((r) => r.values.map((value) => ({ platform, settingType: r.setting_type, value })));
  }

  /** For a connector with a daily quota: this fetch's allowance, planned from today's spending, and what it spent. */
  async function planQuota(source: Source, connector: Connector) {
    if (!connector.dailyQuota) return undefined;
    const { day } = quotaDay(now());
    const [usage, sources] = await Promise.all([quotaUsage.day(source.platform, day), loadSources(source.platform)]);
    const own = usage.find((u) => u.settingType === source.settingType && u.source === source.value);
    const units = planQuotaAllowance({
      dailyQuota: connector.dailyQuota,
      sources: sources.length,
      spentBySource: { search: own?.searchUnits ?? 0, read: own?.readUnits ?? 0 },
      spentInAll: usage.reduce((n, u) => n + u.searchUnits + u.readUnits, 0),
      now: now(),
    });
    const spent: Record<QuotaKind, number> = { search: 0, read: 0 };
    const allowance: QuotaAllowance = { units, spend: (kind, n) => (spent[kind] += n) };
    return {
      allowance,
      record: () =>
        quotaUsage.add(
          { platform: source.platform, settingType: source.settingType, source: source.value },
          day,
          spent,
        ),
    };
  }

  return {
    /** The admin's active source lists for one platform, one Source per line. */
    loadSources,

    /**
     * Fetches what is new for one source since its cursor, extracts tickers, scores sentiment, writes posts
     * and mentions to ClickHouse, then moves the cursor. Writes are idempotent, so a retry after a crash
     * between the write and the cursor update re-writes the same rows without double counting.
     */
    async scanSource(source: Source): Promise<SourceScanResult> {
      const connector = deps.connectors[source.platform];
      const key = { platform: source.platform, settingType: source.settingType, source: source.value };
      const stored = await sourceCursor(db, key);
      const quota = await planQuota(source, connector);
      let fetched;
      try {
        fetched = await connector.fetchNew(source, stored, {
          maxPosts: deps.maxPostsPerSource,
          heartbeat,
          quota: quota?.allowance,
        });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof ConnectorError && !err.retryable) {
          await saveSourceError(db, key, message, new Date());
          return {
            source: source.value,
            settingType: source.settingType,
            posts: 0,
            mentions: 0,
            simulated: connector.simulated,
            error: message,
          };
        }
        throw ApplicationFailure.retryable(message, 'SourceUnavailable');
      } finally {
        // Units are spent when a call is sent, so a fetch that failed half-way has spent them too.
        await quota?.record();
      }

      const { postRows, mentionRows } = analysePosts(fetched.posts, await deps.analysers.get(), connector.simulated);
      heartbeat({ source: source.value, analysed: postRows.length });
      await insertPosts(warehouse, postRows);
      await insertMentions(warehouse, mentionRows);
      // The stock list shows stocks that have a row: the scan adds the rows of what it wrote, so reads never have to.
      await ensureStockRows(
        db,
        mentionRows.map((m) => m.ticker),
      );
      await saveSourceCursor(db, key, fetched.cursor, new Date());
      return {
        source: source.value,
        settingType: source.settingType,
        posts: postRows.length,
        mentions: mentionRows.length,
        simulated: connector.simulated,
        error: null,
      };
    },
  };
}
