import { OUTCOME_GRACE_MS, type AlertOutcome } from '@core/contracts/alertOutcomes';
import { formatChangePercent, formatDateTime, formatPrice } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/Badge';
import { CompactTable } from '../../../ui/CompactTable';

const horizons = [
  ['m15', '+15 min', 15],
  ['m30', '+30 min', 30],
  ['m60', '+60 min', 60],
] as const;

function Move({ percent, pending, marketClosed }: { percent: number | null; pending: boolean; marketClosed: boolean }) {
  if (percent === null)
    return (
      <span className="text-slate-500 dark:text-slate-400">
        {marketClosed ? 'market closed' : pending ? 'waiting' : '–'}
      </span>
    );
  return (
    <span
      className={cn(
        'font-medium tabular-nums',
        percent > 0 ? 'text-emerald-600 dark:text-emerald-400' : percent < 0 ? 'text-red-600 dark:text-red-400' : '',
      )}
    >
      {formatChangePercent(percent)}
    </span>
  );
}

/**
 * /alerts: what the stock's price did after each of the user's alerts fired: the price then, and the move 15, 30 and
 * 60 minutes later. A record, not a forecast.
 */
export function AlertOutcomesTable({
  outcomes,
  now,
}: {
  outcomes: AlertOutcome[];
  /** When the outcomes were read: a later price not there by then plus the grace period shows as missing. */ now: number;
}) {
  if (outcomes.length === 0) return null;
  const simulated = outcomes.some((o) => o.simulated);
  return (
    <section className="mt-10" aria-labelledby="outcomes-heading">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="outcomes-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          After your alerts
        </h2>
        {simulated && <Badge variant="outline">Simulated prices</Badge>}
      </div>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        The price when each alert fired and how it moved after. Past moves say nothing certain about the next ones; this
        is not financial advice.
      </p>
      <CompactTable
        className="mt-3"
        label="Price after alerts"
        columns={['Stock', 'Fired', 'Price then', ...horizons.map(([, label]) => label)]}
        headerCellClassName="pr-4"
      >
        {outcomes.map((o) => (
          <tr key={o.id}>
            <td className="py-2 pr-4 font-semibold">{o.ticker}</td>
            <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(o.firedAt)}</td>
            <td className="py-2 pr-4 tabular-nums">{formatPrice(o.priceAtFire) ?? '–'}</td>
            {horizons.map(([key, label, minutes]) => (
              <td key={label} className="py-2 pr-4">
                <Move
                  percent={o.movePercent[key]}
                  marketClosed={o.marketClosed[key]}
                  pending={now < Date.parse(o.firedAt) + minutes * 60_000 + OUTCOME_GRACE_MS}
                />
              </td>
            ))}
          </tr>
        ))}
      </CompactTable>
    </section>
  );
}
