import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { activeSourceLists } from '../../warehouse/postgres/platformSettings';
import { saveSourceCursor, saveSourceError, sourceCursor } from '../../warehouse/postgres/sourceCursors';
import { ensureStockRows } from '../../warehouse/postgres/stocks';
import { insertMentions, type MentionRow } from '../../warehouse/queries/insertMentions';
import { insertPosts } from '../../warehouse/queries/insertPosts';
import type { Platform } from '../../core/platforms';
import { createSourceQuotaPlanner } from '../quota/sourceQuota';
import { analysePosts } from './analysePosts';
import { ConnectorError, type Connector, type Source } from './connector';
import type { PostAnalyserCache } from './postAnalyserCache';

export interface SourceScanResult {
  source: string;
  settingType: string;
  posts: number;
  mentions: number;
  simulated: boolean;
  /** When the oldest mention this scan wrote was posted (ISO), or null when it wrote none. */
  oldestMentionAt: string | null;
  /** A source that failed for good (bad payload, bad credentials); the scan goes on with the others. */
  error: string | null;
}

/** The platform could not be read this time (network, rate limit, a 5xx): the same scan may succeed later. */
export class SourceUnavailableError extends Error {
  override readonly name = 'SourceUnavailableError';
}

export interface SourceScannerDeps {
  db: Database;
  warehouse: Warehouse;
  connectors: Record<Platform, Connector>;
  analysers: PostAnalyserCache;
  maxPostsPerSource: number;
  /** The clock quota days are read from (tests pin it). */
  now?: () => Date;
}

const oldestOf = (rows: readonly MentionRow[]): string | null => {
  let oldest = Infinity;
  for (const row of rows) oldest = Math.min(oldest, Date.parse(row.ts));
  return Number.isFinite(oldest) ? new Date(oldest).toISOString() : null;
};

/** Progress reports of a long scan (a Temporal heartbeat in the worker; nothing elsewhere). */
export type ScanProgress = (detail: unknown) => void;

export function createSourceScanner(deps: SourceScannerDeps) {
  const { db, warehouse } = deps;

  /** The admin's active source lists for one platform, one Source per line. */
  async function loadSources(platform: Platform): Promise<Source[]> {
    const rows = await activeSourceLists(db, [platform]);
    return rows.flatMap((r) => r.values.map((value) => ({ platform, settingType: r.setting_type, value })));
  }

  const planSourceQuota = createSourceQuotaPlanner(db, {
    now: () => (deps.now ? deps.now().getTime() : Date.now()),
    sourcesOf: loadSources,
  });

  /**
   * Fetches what is new for one source since its cursor, extracts tickers, scores sentiment, writes posts and mentions
   * to ClickHouse, then moves the cursor. Writes are idempotent, so a retry after a crash between the write and the
   * cursor update re-writes the same rows without double counting. A source that fails for good is recorded and
   * answered as an error; one that may work later throws SourceUnavailableError.
   */
  async function scanSource(source: Source, progress: ScanProgress = () => {}): Promise<SourceScanResult> {
    const connector = deps.connectors[source.platform];
    const key = { platform: source.platform, settingType: source.settingType, source: source.value };
    const stored = await sourceCursor(db, key);
    const quota = await planSourceQuota(source, connector);
    let fetched;
    try {
      fetched = await connector.fetchNew(source, stored, {
        maxPosts: deps.maxPostsPerSource,
        heartbeat: progress,
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
          oldestMentionAt: null,
          error: message,
        };
      }
      throw new SourceUnavailableError(message);
    } finally {
      // Units are spent when a call is sent, so a fetch that failed half-way has spent them too.
      await quota?.record();
    }

    const { postRows, mentionRows } = await analysePosts(
      fetched.posts,
      await deps.analysers.get(),
      connector.simulated,
    );
    progress({ source: source.value, analysed: postRows.length });
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
      oldestMentionAt: oldestOf(mentionRows),
      error: null,
    };
  }

  return { loadSources, scanSource };
}
