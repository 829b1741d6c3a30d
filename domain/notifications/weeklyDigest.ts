import { MINUTES_PER_WEEK } from '../../core/timeWindows';
import type { Database } from '../../platform/database';
import type { Warehouse } from '../../warehouse/client';
import { alertedStocksByUser } from '../../warehouse/postgres/alerts';
import { insertNotifications, openDigestIds } from '../../warehouse/postgres/notifications';
import { stockSummaries } from '../../warehouse/postgres/stocks';
import { weeklyDigestRecipients } from '../../warehouse/postgres/users';
import { tickerWindowTotals } from '../../warehouse/queries/tickerWindowTotals';
import { notificationRow } from './delivery';
import type { DigestPayload, DigestStock } from './messages';
import { MAX_ATTEMPTS, NOTIFIED_STATUSES } from './notified';

/**
 * Records this week's digest for every subscriber with weeklyDigest on (once per user and week: the week ending `now`'s
 * UTC date); returns the ids of every digest still to send.
 */
export async function prepareWeeklyDigest(db: Database, warehouse: Warehouse, now: Date): Promise<number[]> {
  const weekEnding = now.toISOString().slice(0, 10);
  const weekly = await tickerWindowTotals(warehouse, now, [MINUTES_PER_WEEK]);
  const stocks = await stockSummaries(db);
  const describe = (s: (typeof stocks)[number]): DigestStock => ({
    ticker: s.ticker,
    name: s.name,
    sentiment: s.sentiment,
    price: s.price,
    mentions: weekly.get(s.ticker)?.[0] ?? 0,
  });
  const byId = new Map(stocks.map((s) => [s.id, s]));
  const trending = stocks
    .map(describe)
    .filter((s) => s.mentions > 0)
    .sort((a, b) => b.mentions - a.mentions)
    .slice(0, 5);
  const users = await weeklyDigestRecipients(db, NOTIFIED_STATUSES);
  const alertStocks = await alertedStocksByUser(
    db,
    users.map((u) => u.id),
  );
  const digests = users.map((user) => {
    const alerted = alertStocks
      .filter((a) => a.user_id === user.id)
      .flatMap((a) => (byId.has(a.stock_id) ? [describe(byId.get(a.stock_id)!)] : []));
    const payload: DigestPayload = { weekEnding, alerted: alerted.sort((a, b) => b.mentions - a.mentions), trending };
    return notificationRow({
      idempotencyKey: `digest:${user.id}:${weekEnding}`,
      userId: user.id,
      alertId: null,
      channel: 'email',
      recipient: user.email,
      content: { kind: 'digest', payload },
    });
  });
  await insertNotifications(db, digests);
  return openDigestIds(db, MAX_ATTEMPTS);
}
