import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostAnalyser } from '../domain/signal/analysePost';
import { createSentimentAnalyser, loadSentimentModel } from '../domain/signal/sentimentModel';
import { loadTickerData } from '../domain/signal/tickerData';
import type { UniverseEntry } from '../core/tickers/parseUniverse';
import { testActivities } from '../tests/support/testActivities';
import {
  createTestDatabase,
  createTestWarehouse,
  uniqueTaskQueue,
  type TestDatabase,
  type TestWarehouse,
} from '../tests/support/testStores';
import type { refreshTickerUniverse } from './definitions';
import { ensureUniverseSchedule, UNIVERSE_SCHEDULE_ID } from './schedules';
import { readTickerExtractorDeps } from '../domain/universe/tickerExtractorDeps';
import { startWorker, type RunningWorker } from './worker';

const EXCHANGE_CODES: Record<string, string> = {
  'NYSE American': 'A',
  NYSE: 'N',
  'NYSE Arca': 'P',
  'Cboe BZX': 'Z',
  IEX: 'V',
};

/** nasdaqlisted.txt and otherlisted.txt in NASDAQ Trader's format (pipe-delimited, ETF and test-issue flags, footer), for `rows`. */
function symbolDirectory(
  rows: ReadonlyArray<Pick<UniverseEntry, 'symbol' | 'name' | 'exchange' | 'type'>>,
): Record<string, string> {
  const footer = 'File Creation Time: 1124202608:00|||||||\n';
  const etf = (r: { type: string }) => (r.type === 'etf' ? 'Y' : 'N');
  const nasdaq = rows.filter((r) => r.exchange === 'NASDAQ');
  const other = rows.filter((r) => r.exchange !== 'NASDAQ');
  return {
    '/SymDir/nasdaqlisted.txt':
      'Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares\n' +
      nasdaq
        .map((r) => `${r.symbol}|${r.name}${r.type === 'etf' ? '' : ' - Common Stock'}|Q|N|N|100|${etf(r)}|N\n`)
        .join('') +
      'ZXZZT|NASDAQ TEST STOCK - Common Stock|Q|Y|N|100|N|N\n' +
      footer,
    '/SymDir/otherlisted.txt':
      'ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol\n' +
      other
        .map(
          (r) =>
            `${r.symbol}|${r.name}${r.type === 'etf' ? '' : ' Common Stock'}|${EXCHANGE_CODES[r.exchange]}|${r.symbol}|${etf(r)}|100|N|${r.symbol}\n`,
        )
        .join('') +
      footer,
  };
}

describe('refreshTickerUniverse on the real Temporal dev server and Postgres, against a local symbol directory', () => {
  let database: TestDatabase;
  let store: TestWarehouse;
  let worker: RunningWorker;
  let client: Client;
  let server: http.Server;
  let files: Record<string, string> = {};
  let status = 200;
  const taskQueue = uniqueTaskQueue('universe');
  const scheduleId = `${UNIVERSE_SCHEDULE_ID}-${taskQueue}`;
  const committed = loadTickerData().universe;
  const refresh = (id: string) =>
    client.workflow.execute<typeof refreshTickerUniverse>('refreshTickerUniverse', {
      taskQueue,
      workflowId: `${id}-${taskQueue}`,
    });
  const listed = async (symbol: string) =>
    (await database.db('tickers').where({ symbol }).first('listed'))?.listed as boolean | undefined;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const body = files[req.url ?? ''];
      res
        .writeHead(body === undefined ? 404 : status, { 'content-type': 'text/plain' })
        .end(status === 200 ? body : 'Service Unavailable');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const listingsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/SymDir`;
    database = await createTestDatabase({ seed: true });
    store = await createTestWarehouse();
    worker = await startWorker({
      address: inject('temporalAddress'),
      namespace: 'default',
      taskQueue,
      activities: await testActivities(database.db, store.warehouse, { listingsUrl }),
    });
    client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  });
  afterAll(async () => {
    await client?.schedule
      .getHandle(scheduleId)
      .delete()
      .catch(() => {});
    await worker?.stop();
    await client?.connection.close();
    await store?.close();
    await database?.drop();
    server?.close();
  });

  it('records additions, delistings and symbol changes from the live directory, once', async () => {
    // Today's directory: ZZNEW is new, TWLO is gone, and Palantir now trades as PLTX.
    const today = [
      ...committed.filter((r) => r.symbol !== 'TWLO' && r.symbol !== 'PLTR'),
      { symbol: 'ZZNEW', name: 'Zeta Zulu Networks Inc.', exchange: 'NASDAQ', type: 'stock' as const },
      { symbol: 'PLTX', name: 'Palantir Technologies Inc.', exchange: 'NASDAQ', type: 'stock' as const },
    ];
    files = symbolDirectory(today);

    const first = await refresh('refresh-1');
    expect(first).toMatchObject({
      source: 'nasdaqtrader',
      listed: committed.length,
      added: 2,
      delisted: 2,
      renamed: [{ from: 'PLTR', to: 'PLTX' }],
    });
    expect(first.fallbackReason).toBeUndefined();
    expect(await listed('ZZNEW')).toBe(true);
    expect(await listed('TWLO')).toBe(false);
    expect(await listed('PLTR')).toBe(false);
    expect(await listed('ZXZZT')).toBeUndefined(); // a test issue
    // A known symbol keeps its curated name and aliases; a new one gets its directory name.
    expect(await database.db('tickers').where({ symbol: 'NVDA' }).first('name', 'aliases', 'bare')).toEqual({
      name: 'NVIDIA Corporation',
      aliases: ['nvidia'],
      bare: 'any',
    });
    expect(await database.db('tickers').where({ symbol: 'ZZNEW' }).first('name', 'type')).toEqual({
      name: 'Zeta Zulu Networks Inc.',
      type: 'stock',
    });

    const changes = await database
      .db('ticker_universe_changes')
      .orderBy(['kind', 'symbol'])
      .select('kind', 'symbol', 'new_symbol', 'source');
    expect(changes).toEqual([
      { kind: 'added', symbol: 'ZZNEW', new_symbol: null, source: 'nasdaqtrader' },
      { kind: 'delisted', symbol: 'TWLO', new_symbol: null, source: 'nasdaqtrader' },
      { kind: 'renamed', symbol: 'PLTR', new_symbol: 'PLTX', source: 'nasdaqtrader' },
    ]);
    expect(await database.db('former_symbols').where({ symbol: 'PLTR' }).first('successor')).toEqual({
      successor: 'PLTX',
    });

    // Ingestion now counts the new listing, and the old symbol for its successor; the delisted one no more.
    const analyser = createPostAnalyser(
      await readTickerExtractorDeps(database.db),
      createSentimentAnalyser(loadSentimentModel()),
    );
    expect(analyser.analyse('$ZZNEW $PLTR $TWLO').tickers).toEqual(['ZZNEW', 'PLTX']);

    // The same directory again changes nothing.
    expect(await refresh('refresh-2')).toMatchObject({ source: 'nasdaqtrader', added: 0, delisted: 0, renamed: [] });
    expect(await database.db('ticker_universe_changes').count({ n: '*' })).toEqual([{ n: 3 }]);
  });

  it('falls back to the committed table when the directory cannot be read, and says why', async () => {
    status = 503;
    const result = await refresh('refresh-3');
    expect(result.source).toBe('committed');
    expect(result.fallbackReason).toMatch(/answered 503/);
    // The committed table lists PLTR and TWLO, not ZZNEW or PLTX.
    expect(result).toMatchObject({ listed: committed.length, added: 2, delisted: 2 });
    expect(await listed('ZZNEW')).toBe(false);
    expect(await listed('PLTR')).toBe(true);

    status = 200;
    files = { '/SymDir/nasdaqlisted.txt': '<html>moved</html>', '/SymDir/otherlisted.txt': '<html>moved</html>' };
    const garbled = await refresh('refresh-4');
    expect(garbled).toMatchObject({ source: 'committed', added: 0, delisted: 0 });
    expect(garbled.fallbackReason).toMatch(/symbol directory/);
  });

  it('is scheduled daily, and runs once when the schedule is created', async () => {
    await ensureUniverseSchedule(client, { taskQueue, scheduleId });
    const schedule = await client.schedule.getHandle(scheduleId).describe();
    expect(schedule.spec.calendars?.map((c) => ({ hour: c.hour, minute: c.minute }))).toEqual([
      { hour: [{ start: 12, end: 12, step: 1 }], minute: [{ start: 0, end: 0, step: 1 }] },
    ]);
    expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'refreshTickerUniverse' });
    // Idempotent: a second call updates the same schedule.
    await expect(ensureUniverseSchedule(client, { taskQueue, scheduleId })).resolves.toBe(scheduleId);
  });
});
