import { Readable } from 'node:stream';
import type { ChdbConnection, ConnInsertParams } from 'chdb/connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWarehouse, type TestWarehouse } from '../tests/support/testStores';
import { withRawInserts } from './chdbConnection';

describe('chDB inserts handed over as bytes', () => {
  it('sends TabSeparated inserts to the raw insert with their table, columns and engine settings; others as before', async () => {
    const raw: unknown[] = [];
    const plain: unknown[] = [];
    const fake = {
      chdb: {
        rawInsert: async (params: unknown) => {
          raw.push(params);
          return { rowsWritten: 2, bytesSent: 8, elapsed: 0.001 };
        },
      },
      insert: async (params: unknown) => {
        plain.push(params);
        return { query_id: 'q', response_headers: {}, http_status_code: 200, summary: {} };
      },
    } as unknown as ChdbConnection;
    const connection = withRawInserts(fake);
    const tsv = (text: string): ConnInsertParams<Readable>['values'] => Readable.from([Buffer.from(text)]);

    const result = await connection.insert({
      query: 'INSERT INTO mentions (ticker, ts) FORMAT TabSeparated',
      values: tsv('A\t1\nB\t2\n'),
      clickhouse_settings: { date_time_input_format: 'best_effort', wait_end_of_query: 1 },
    } as ConnInsertParams<Readable>);
    expect(raw).toEqual([
      {
        table: 'mentions',
        columns: ['ticker', 'ts'],
        values: Buffer.from('A\t1\nB\t2\n'),
        format: 'TabSeparated',
        settings: { date_time_input_format: 'best_effort' },
      },
    ]);
    expect(result.summary?.written_rows).toBe('2');

    await connection.insert({
      query: 'INSERT INTO t FORMAT TabSeparated',
      values: tsv('\n'),
    } as ConnInsertParams<Readable>);
    expect(raw).toHaveLength(1);

    await connection.insert({
      query: 'INSERT INTO t FORMAT JSONEachRow',
      values: tsv('{}\n'),
    } as ConnInsertParams<Readable>);
    expect(plain).toHaveLength(1);
  });

  describe('on embedded ClickHouse', () => {
    let store: TestWarehouse;
    beforeAll(async () => {
      store = await createTestWarehouse();
      await store.warehouse.command({
        query: `CREATE TABLE raw_probe (id UInt32, text String, at DateTime64(3, 'UTC')) ENGINE = MergeTree ORDER BY id`,
      });
    });
    afterAll(async () => store.close());

    const insert = (text: string) =>
      store.warehouse.insert({
        table: 'raw_probe',
        columns: ['id', 'text', 'at'],
        values: Readable.from([Buffer.from(text)], { objectMode: false }),
        format: 'TabSeparated',
      });

    it('writes escaped, multi-byte text and ISO times as sent', async () => {
      await insert('1\ttab\\there\\nnewline 🚀 日本語\t2026-11-20T15:00:00.250Z\n2\t\t2026-11-20T15:00:01Z\n');
      const result = await store.warehouse.query({
        query: 'SELECT id, text, toUnixTimestamp64Milli(at) AS at FROM raw_probe ORDER BY id',
        format: 'JSONEachRow',
      });
      expect(await result.json()).toEqual([
        { id: 1, text: 'tab\there\nnewline 🚀 日本語', at: Date.parse('2026-11-20T15:00:00.250Z') },
        { id: 2, text: '', at: Date.parse('2026-11-20T15:00:01Z') },
      ]);
    });

    it('rejects a malformed row with ClickHouse’s error and writes nothing of that insert', async () => {
      await expect(
        insert('3\tok\t2026-11-20T15:00:02Z\nnot-a-number\tx\t2026-11-20T15:00:03Z\n'),
      ).rejects.toMatchObject({
        message: expect.stringMatching(/parse|Cannot|number/i),
      });
      const result = await store.warehouse.query({
        query: 'SELECT count() AS n FROM raw_probe',
        format: 'JSONEachRow',
      });
      expect(await result.json()).toEqual([{ n: 2 }]);
    });

    it('treats an insert without rows as done', async () => {
      await expect(insert('')).resolves.toBeDefined();
    });
  });
});
