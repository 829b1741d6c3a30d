import type { Warehouse } from '../client';

export interface PriceTick {
  ticker: string;
  ts: Date;
  price: number;
  changePercent: number;
  source: string;
}

export async function insertPriceTicks(warehouse: Warehouse, ticks: PriceTick[]): Promise<void> {
  if (ticks.length === 0) return;
  await warehouse.insert({
    table: 'price_ticks',
    format: 'JSONEachRow',
    values: ticks.map((t) => ({
      ticker: t.ticker,
      ts: t.ts.toISOString(),
      price: t.price,
      change_percent: t.changePercent,
      source: t.source,
    })),
  });
}
