import { log } from '../../platform/logger';
import { serviceUnavailable } from '../http/httpError';

export const MENTION_DATA_UNAVAILABLE = 'Mention data is temporarily unavailable';

/** Runs ClickHouse reads; any failure (server down, chDB closed, timeout) is a 503 with a clear message, never a 500. */
export async function fromWarehouse<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    log.warn('clickhouse read failed', { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) });
    throw serviceUnavailable(MENTION_DATA_UNAVAILABLE);
  }
}
