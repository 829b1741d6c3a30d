import type { Warehouse } from '../client';
import { tabSeparatedStream } from './tabSeparated';

/** Inserts running at once: ClickHouse (and chDB) parse and write one insert largely on one core; this machine has two. */
const CONCURRENT_INSERTS = 2;

/**
 * Inserts rows in chunks of `chunkRows`, two at a time: the next chunk is serialised while the last one is written, and
 * two writes share the cores. Every chunk is attempted unless one fails; the first failure is thrown after the others end.
 */
export async function insertTabSeparated<Row>(
  warehouse: Warehouse,
  table: string,
  columns: readonly [keyof Row & string, ...Array<keyof Row & string>],
  rows: readonly Row[],
  chunkRows: number,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  for (let i = 0; i < rows.length && failure === undefined; i += chunkRows) {
    if (inFlight.size >= CONCURRENT_INSERTS) await Promise.race(inFlight);
    const values = tabSeparatedStream(rows.slice(i, i + chunkRows), columns);
    const write: Promise<void> = warehouse
      .insert({ table, columns: [...columns], values, format: 'TabSeparated' })
      .then(
        () => undefined,
        (err: unknown) => {
          failure ??= err;
        },
      )
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
  }
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
}
