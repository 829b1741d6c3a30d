import { useQuery } from '@tanstack/react-query';
import type { RetentionSettings } from '@core/contracts/admin';
import { Card } from '../../../ui/Card';
import { retentionQuery } from '../api/adminApi';

/** Each retention in the order data flows: raw, then the rollups that outlive it. */
const RETENTION_ROWS: ReadonlyArray<{ key: keyof RetentionSettings; label: string; variable: string }> = [
  { key: 'postsDays', label: 'Raw posts (text of recent posts)', variable: 'RETENTION_POSTS_DAYS' },
  { key: 'mentionsDays', label: 'Raw mentions', variable: 'RETENTION_MENTIONS_DAYS' },
  {
    key: 'postSetRollupDays',
    label: 'Per-mention rows by minute (window edges, hours still changing)',
    variable: 'RETENTION_POST_SET_ROLLUP_DAYS',
  },
  { key: 'hourRollupDays', label: 'Hourly counts', variable: 'RETENTION_HOUR_ROLLUP_DAYS' },
  { key: 'dayRollupDays', label: 'Daily counts (30-day views and longer)', variable: 'RETENTION_DAY_ROLLUP_DAYS' },
];

/** The admin Settings tab: editable settings are coming; the data retention the deployment runs with is shown read-only. */
export function SettingsPlaceholder() {
  const { data: retention, isError } = useQuery(retentionQuery());
  return (
    <div className="grid gap-4">
      <Card className="p-8 text-center">
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Admin Settings</h3>
        <p className="mt-2 text-slate-600 dark:text-slate-400">Coming soon: system-wide settings for the admin area.</p>
      </Card>
      <Card className="p-6">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Data retention</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Set by the deployment's configuration; older data is removed by ClickHouse automatically.
        </p>
        {isError && (
          <p role="alert" className="mt-3 text-sm text-red-600">
            Could not load the retention settings.
          </p>
        )}
        {retention && (
          <table className="mt-3 w-full text-sm">
            <tbody>
              {RETENTION_ROWS.map((row) => (
                <tr key={row.key} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="py-2 text-left font-normal text-slate-700 dark:text-slate-300">
                    {row.label} <code className="text-xs text-slate-500">{row.variable}</code>
                  </th>
                  <td className="py-2 text-right tabular-nums text-slate-900 dark:text-white">
                    {retention[row.key].toLocaleString('en-US')} days
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
