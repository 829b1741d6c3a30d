import { useQuery } from '@tanstack/react-query';
import { formatChangePercent, formatCount } from '../../../lib/format';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { CompactTable } from '../../../ui/CompactTable';
import { Spinner } from '../../../ui/Spinner';
import { alertOutcomesQuery } from '../api/adminApi';

/**
 * Admin → Alert outcomes: over every alert that fired, the median move of the price 15, 30 and 60 minutes later and
 * its interquartile range, per kind; simulated prices in rows of their own, labelled.
 */
export function AlertOutcomesPanel() {
  const distribution = useQuery(alertOutcomesQuery());
  if (distribution.isPending) return <Spinner className="mx-auto my-10 h-6 w-6" />;
  const rows = distribution.data?.rows ?? [];
  return (
    <Card className="p-6">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">What the price did after alerts</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Move from the price when an alert fired, over every alert with both prices known. Median, and the middle half of
        the moves (25th to 75th percentile). A correlation in a sample, not a forecast; simulated prices say nothing
        about markets.
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500 dark:text-slate-400">No alert has a later price yet.</p>
      ) : (
        <CompactTable
          className="mt-4"
          label="Price move after alerts by kind"
          columns={['Kind', 'After', 'Alerts', 'Median move', 'Middle half', 'Prices']}
          headerCellClassName="pr-4 last:pr-0"
        >
          {rows.map((r) => (
            <tr key={`${r.kind}-${r.simulated}-${r.horizonMinutes}`}>
              <td className="py-2 pr-4">{r.kind}</td>
              <td className="py-2 pr-4">{r.horizonMinutes} min</td>
              <td className="py-2 pr-4 tabular-nums">{formatCount(r.alerts)}</td>
              <td className="py-2 pr-4 tabular-nums">{formatChangePercent(r.medianPercent)}</td>
              <td className="py-2 pr-4 tabular-nums">
                {formatChangePercent(r.q1Percent)} to {formatChangePercent(r.q3Percent)}
              </td>
              <td className="py-2">
                {r.simulated ? <Badge variant="outline">simulated</Badge> : <Badge variant="success">market</Badge>}
              </td>
            </tr>
          ))}
        </CompactTable>
      )}
    </Card>
  );
}
