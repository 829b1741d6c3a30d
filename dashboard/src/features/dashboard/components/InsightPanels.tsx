import type { Stock } from '@core/contracts/stocks';
import { cn } from '../../../lib/cn';
import { Card } from '../../../ui/Card';
import { formatCount } from '../../../lib/format';
import { SENTIMENT_BAR_CLASSES, SENTIMENT_LABELS, timeRangeLabel } from '../model/format';
import { platformLabels } from '@core/platforms';
import { platformTotals, sentimentBreakdown, topMoversByMentions, visiblePlatforms } from '../model/stockMetrics';
import type { DetailRange } from '@core/timeWindows';

interface InsightPanelsProps {
  stocks: readonly Stock[];
  range: DetailRange;
}

/**
 * The two panels the specification leaves without content. Both are computed from the same
 * stock list as the cards below, for the selected range: the most-mentioned stocks, and how
 * sentiment and mentions split across the list.
 */
export function InsightPanels({ stocks, range }: InsightPanelsProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TopMoversPanel stocks={stocks} range={range} />
      <SentimentBreakdownPanel stocks={stocks} range={range} />
    </div>
  );
}

function Bar({ percent, className }: { percent: number; className: string }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800" aria-hidden="true">
      <div
        className={cn('h-full rounded-full', className)}
        style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
      />
    </div>
  );
}

function TopMoversPanel({ stocks, range }: InsightPanelsProps) {
  const movers = topMoversByMentions(stocks);
  const top = movers[0]?.mentions ?? 0;
  return (
    <Card className="p-6">
      <section aria-labelledby="top-movers-heading">
        <h2 id="top-movers-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Top Movers by Mentions
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Most-mentioned stocks, {timeRangeLabel(range).toLowerCase()}
        </p>
        {movers.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">No mentions in this time range yet.</p>
        ) : (
          <ol className="mt-4 space-y-3">
            {movers.map((m) => (
              <li key={m.ticker}>
                <div className="flex items-baseline justify-between gap-2 text-sm">
                  <span className="min-w-0 truncate">
                    <span className="font-semibold text-slate-900 dark:text-white">{m.ticker}</span>{' '}
                    <span className="text-slate-500 dark:text-slate-400">{m.name}</span>
                  </span>
                  <span className="shrink-0 text-slate-700 dark:text-slate-300">
                    {formatCount(m.mentions)} mentions · {m.sharePercent}%
                  </span>
                </div>
                <Bar percent={top === 0 ? 0 : (m.mentions / top) * 100} className="bg-blue-500" />
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function SentimentBreakdownPanel({ stocks, range }: InsightPanelsProps) {
  // Every stock mentioned in the range, by the label most of its mentions carry: not "trending" (that is the detected set).
  const shares = sentimentBreakdown(stocks.filter((s) => s.totalMentions > 0));
  const totals = platformTotals(stocks);
  const platforms = visiblePlatforms(totals);
  return (
    <Card className="p-6">
      <section aria-labelledby="sentiment-breakdown-heading">
        <h2 id="sentiment-breakdown-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Sentiment Breakdown
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Stocks mentioned, by overall sentiment, {timeRangeLabel(range).toLowerCase()}
        </p>
        <ul className="mt-4 space-y-3">
          {shares.map((s) => (
            <li key={s.sentiment}>
              <div className="flex justify-between text-sm">
                <span className="font-medium text-slate-900 dark:text-white">{SENTIMENT_LABELS[s.sentiment]}</span>
                <span className="text-slate-700 dark:text-slate-300">
                  {formatCount(s.count)} {s.count === 1 ? 'stock' : 'stocks'} · {s.percent}%
                </span>
              </div>
              <Bar percent={s.percent} className={SENTIMENT_BAR_CLASSES[s.sentiment]} />
            </li>
          ))}
        </ul>
        <h3 className="mt-5 text-sm font-medium text-slate-900 dark:text-white">Mentions by platform</h3>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm sm:grid-cols-5">
          {platforms.map((p) => (
            <div key={p} className="rounded-md bg-slate-50 p-2 dark:bg-slate-800/60">
              <dt className="text-xs text-slate-500 dark:text-slate-400">{platformLabels[p]}</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{formatCount(totals[p])}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}
