import { useWatchlist } from '../../../app/watchlist/useWatchlist';
import { useId, useMemo, useState } from 'react';
import type { PriceStatus } from '@core/contracts/platformStatus';
import type { Stock } from '@core/contracts/stocks';
import { Button } from '../../../ui/Button';
import { TIME_RANGE_OPTIONS } from '../model/format';
import { hasMore, nextVisibleCount, PAGE_SIZE } from '../model/paging';
import { dataSinceNote, sortStocks, STOCK_SORT_OPTIONS, type StockSort } from '../model/stockSort';
import { SetStockAlertDialog } from './SetStockAlertDialog';
import { StockCard } from './StockCard';
import { StockDetailDialog } from './StockDetailDialog';
import type { DetailRange } from '@core/timeWindows';

interface TrendingStocksSectionProps {
  stocks: readonly Stock[];
  range: DetailRange;
  onRangeChange: (range: DetailRange) => void;
  sort: StockSort;
  onSortChange: (sort: StockSort) => void;
  /** True while the list for a newly chosen range loads (the previous list is still shown). */
  updating: boolean;
  /** Price source and market session from GET /api/status (undefined while it loads). */
  prices: PriceStatus | undefined;
  /** The first hour of mention data held (from GET /api/status). */
  mentionsSince: string | null | undefined;
  /** Show only the stocks on the user's watchlist. */
  watchlistOnly: boolean;
  onWatchlistOnlyChange: (watchlistOnly: boolean) => void;
}

const selectClasses =
  'h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/**
 * Header with the time-range select (and a sort control and a "data since" note
 * when the range reaches back before the data held), the grid of stock cards, "Load More Stocks".
 */
export function TrendingStocksSection({
  stocks: all,
  range,
  onRangeChange,
  sort,
  onSortChange,
  updating,
  prices,
  mentionsSince,
  watchlistOnly,
  onWatchlistOnlyChange,
}: TrendingStocksSectionProps) {
  const selectId = useId();
  const sortId = useId();
  const watchlistId = useId();
  const { tickers: watched } = useWatchlist();
  const unsorted = useMemo(
    () => (watchlistOnly ? all.filter((s) => watched.has(s.ticker)) : all),
    [all, watchlistOnly, watched],
  );
  const stocks = useMemo(() => sortStocks(unsorted, sort, range), [unsorted, sort, range]);
  const dataSince = dataSinceNote(range, mentionsSince);
  // The page count belongs to one range and order: choosing another starts again at 12.
  const view = `${range}|${sort}|${watchlistOnly}`;
  const [paging, setPaging] = useState({ view, count: PAGE_SIZE });
  const visibleCount = paging.view === view ? paging.count : PAGE_SIZE;
  const visible = stocks.slice(0, visibleCount);

  const [alertStock, setAlertStock] = useState<Stock | null>(null);
  const [detailStock, setDetailStock] = useState<Stock | null>(null);
  // Show the latest numbers of the open stock as the list refreshes every 30 s.
  const currentDetail = detailStock ? (stocks.find((s) => s.id === detailStock.id) ?? detailStock) : null;

  return (
    <section aria-labelledby="trending-stocks-heading" aria-busy={updating}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="trending-stocks-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Trending Stocks
        </h2>
        <div className="flex items-center gap-3">
          <span aria-live="polite" className="text-sm text-slate-500 dark:text-slate-400">
            {updating ? 'Updating…' : ''}
          </span>
          <label
            htmlFor={watchlistId}
            className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            <input
              id={watchlistId}
              type="checkbox"
              checked={watchlistOnly}
              onChange={(e) => onWatchlistOnlyChange(e.target.checked)}
              className="h-4 w-4 rounded border-slate-300"
            />
            My watchlist
          </label>
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Time range
          </label>
          <select
            id={selectId}
            value={range}
            onChange={(e) => onRangeChange(e.target.value as DetailRange)}
            className={selectClasses}
          >
            {TIME_RANGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
            Sort by
          </label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => onSortChange(e.target.value as StockSort)}
            className={selectClasses}
          >
            {STOCK_SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {dataSince && (
        <p className="-mt-2 mb-4 text-right text-sm text-amber-700 dark:text-amber-400" data-testid="data-since">
          {dataSince[0]!.toUpperCase() + dataSince.slice(1)}: this range reaches back before the mentions held.
        </p>
      )}

      {stocks.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {watchlistOnly
            ? 'None of your watchlist stocks has mentions in this time range. Star a stock (☆) to add it to your watchlist.'
            : 'No trending stocks in this time range yet. Try a longer range, or run trend detection.'}
        </p>
      ) : (
        <>
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {visible.map((stock) => (
              <li key={stock.id}>
                <StockCard
                  stock={stock}
                  range={range}
                  prices={prices}
                  onOpenDetail={setDetailStock}
                  onSetAlert={setAlertStock}
                />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">
            Showing {visible.length} of {stocks.length} stocks
          </p>
          {hasMore(visibleCount, stocks.length) && (
            <div className="mt-4 flex justify-center">
              <Button
                variant="outline"
                onClick={() => setPaging({ view, count: nextVisibleCount(visibleCount, stocks.length) })}
              >
                Load More Stocks
              </Button>
            </div>
          )}
        </>
      )}

      <SetStockAlertDialog stock={alertStock} onClose={() => setAlertStock(null)} />
      <StockDetailDialog stock={currentDetail} range={range} prices={prices} onClose={() => setDetailStock(null)} />
    </section>
  );
}
