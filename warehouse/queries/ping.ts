import type { Warehouse } from '../client';

/** One round trip to ClickHouse (health and the worker's store probe). */
export async function pingWarehouse(warehouse: Warehouse): Promise<void> {
  await (await warehouse.query({ query: 'SELECT 1', format: 'JSONEachRow' })).json();
}
