import type { Warehouse } from '../../warehouse/client';

export interface WarehouseOutage {
  /** The real warehouse, failing every call while the outage lasts. */
  warehouse: Warehouse;
  begin(): void;
  end(): void;
  /** Calls refused during outages. */
  refused: number;
}

const CALLS = new Set(['query', 'insert', 'command', 'exec', 'ping']);

/**
 * Fault injection over a real ClickHouse client: while an outage is on, every call fails the way a
 * server that refuses connections does. (Embedded chDB lives in-process, so it cannot be stopped
 * on its own; with CLICKHOUSE_URL the same failure comes from the network.)
 */
export function withOutageSwitch(real: Warehouse): WarehouseOutage {
  let down = false;
  const outage: WarehouseOutage = {
    refused: 0,
    begin: () => {
      down = true;
    },
    end: () => {
      down = false;
    },
    warehouse: new Proxy(real, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || !CALLS.has(property) || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (down) {
            outage.refused++;
            return Promise.reject(
              Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8123'), { code: 'ECONNREFUSED' }),
            );
          }
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }),
  };
  return outage;
}
