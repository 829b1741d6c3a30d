import type { PlatformStatus } from '@core/contracts/platformStatus';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/Badge';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { platformCoverage } from '../model/coverage';
import { formatTime } from '../../../lib/format';

const PLATFORMS = [
  { key: 'reddit', label: 'Reddit' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'youtube', label: 'YouTube' },
] as const;

interface PlatformStatusCardProps {
  status: PlatformStatus | null | undefined;
  isPending: boolean;
  /** When the status was last fetched; shown as the "Last scan" time. */
  updatedAt: number;
}

/** "Social Media Monitoring Status". */
export function PlatformStatusCard({ status, isPending, updatedAt }: PlatformStatusCardProps) {
  const coverage = status ? platformCoverage(status) : null;
  const lastScan = updatedAt ? formatTime(updatedAt, { seconds: true }) : null;

  return (
    <Card className="p-6">
      <section aria-labelledby="monitoring-status-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="monitoring-status-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Social Media Monitoring Status
          </h2>
          {coverage && (
            <Badge variant={coverage.connected > 0 ? 'success' : 'outline'}>
              {coverage.connected}/{coverage.max} Connected
            </Badge>
          )}
        </div>

        {isPending ? (
          <Spinner className="py-8" />
        ) : !status || !coverage ? (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Platform status is unavailable right now.</p>
        ) : (
          <>
            <ul className="mt-4 grid gap-3 sm:grid-cols-3">
              {PLATFORMS.map(({ key, label }) => {
                const platform = status[key];
                const active = platform.connected;
                return (
                  <li
                    key={key}
                    className={cn(
                      'rounded-lg border p-4 transition-opacity',
                      active
                        ? 'border-emerald-200 bg-emerald-50 dark:border-emerald-500/30 dark:bg-emerald-500/10'
                        : 'border-slate-200 bg-slate-50 opacity-50 dark:border-slate-700 dark:bg-slate-800/50',
                    )}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-medium text-slate-900 dark:text-white">{label}</span>
                      <Badge variant={active ? 'success' : 'outline'}>{active ? 'Active' : 'Inactive'}</Badge>
                    </div>
                    <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                      {platform.sources.length} {platform.sources.length === 1 ? 'source' : 'sources'}
                    </p>
                    {platform.simulated && (
                      <p className="mt-1 text-xs font-medium text-amber-700 dark:text-amber-300">Simulated feed</p>
                    )}
                  </li>
                );
              })}
            </ul>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
              <span>
                Coverage: <strong className="text-slate-900 dark:text-white">{coverage.percent}%</strong>
              </span>
              {lastScan && (
                <span>
                  Last scan: <time dateTime={new Date(updatedAt).toISOString()}>{lastScan}</time>
                </span>
              )}
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
