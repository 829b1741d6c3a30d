import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../ui/Card';
import { pricePipelineQuery } from '../api/adminApi';
import { formatCount, formatDateTime } from '../../../lib/format';

/** The price refresh: its source, the last run (how many stocks it priced, history filled or still pending), and the listed symbols without a reference price. */
export function PricePipelineCard() {
  const { data, isLoading, isError, error } = useQuery(pricePipelineQuery());
  const last = data?.refreshes[0];
  return (
    <Card className="p-4" data-testid="price-pipeline">
      <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">Prices</h3>
      {isLoading ? (
        <p className="text-slate-600 dark:text-slate-400">Loading prices...</p>
      ) : isError ? (
        <p role="alert" className="text-red-600">
          Could not load the price refreshes: {error.message}
        </p>
      ) : data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <dt>Source</dt>
          <dd className="text-slate-900 dark:text-white">
            {data.simulated ? 'simulated (no PRICE_API_KEY)' : data.source}
          </dd>
          <dt>Last refresh</dt>
          <dd className="text-slate-900 dark:text-white">
            {last
              ? `${formatDateTime(last.at)} from ${last.source}: ${formatCount(last.priced)} of ${formatCount(last.tickers)} stocks priced`
              : 'none yet'}
          </dd>
          {last && (
            <>
              <dt>History</dt>
              <dd className="text-slate-900 dark:text-white">
                {formatCount(last.historyFilled)} filled this run
                {last.historyPending > 0
                  ? `, ${formatCount(last.historyPending)} still to fill (request budget)`
                  : ', none pending'}
              </dd>
            </>
          )}
          <dt>No reference price</dt>
          <dd className="text-slate-900 dark:text-white">
            {formatCount(data.withoutReferencePrice)} of {formatCount(data.listedSymbols)} listed symbols
            {data.simulated ? ' (shown without a price)' : ''}
          </dd>
        </dl>
      ) : null}
    </Card>
  );
}
