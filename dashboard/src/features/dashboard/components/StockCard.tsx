import { StarButton } from '../../../app/watchlist/StarButton';
import type { PriceStatus } from '@core/contracts/platformStatus';
import type { Stock } from '@core/contracts/stocks';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { formatChangePercent, formatCount, formatPrice } from '../../../lib/format';
import { changeDirection, SENTIMENT_BORDER_CLASSES } from '../model/format';
import { platformLabels } from '@core/platforms';
import { stockPlatformMentions, visiblePlatforms } from '../model/stockMetrics';
import { SentimentBadge } from './SentimentBadge';
import { SimulatedPricesBadge } from './SimulatedPricesBadge';
import { Sparkline } from './Sparkline';
import type { DetailRange } from '@core/timeWindows';

interface StockCardProps {
  stock: Stock;
  range: DetailRange;
  /** Where prices come from and whether the market is open (undefined while the status loads). */
  prices: PriceStatus | undefined;
  onOpenDetail: (stock: Stock) => void;
  onSetAlert: (stock: Stock) => void;
}

const changeClasses = {
  up: 'text-emerald-700 dark:text-emerald-400',
  down: 'text-red-600 dark:text-red-400',
  flat: 'text-slate-600 dark:text-slate-400',
} as const;

/**
 * One stock. The ticker is a button whose hit area covers the whole card,
 * so a click anywhere (but on "Set Alert") opens the detail view, and keyboard users reach it too.
 */
export function StockCard({ stock, range, prices, onOpenDetail, onSetAlert }: StockCardProps) {
  const price = formatPrice(stock.price);
  const change = formatChangePercent(stock.changePercent);
  const counts = stockPlatformMentions(stock);

  return (
    <article
      className={cn(
        'relative flex h-full flex-col rounded-xl border border-t-4 border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md',
        'dark:border-slate-800 dark:bg-slate-900',
        SENTIMENT_BORDER_CLASSES[stock.sentiment],
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex items-center gap-1">
            <h3 className="text-lg font-bold text-slate-900 dark:text-white">
              <button
                type="button"
                onClick={() => onOpenDetail(stock)}
                aria-label={`${stock.ticker}, ${stock.name}: show details`}
                className={cn(
                  'rounded focus-visible:outline-none',
                  "after:absolute after:inset-0 after:rounded-xl after:content-['']",
                  'focus-visible:after:ring-2 focus-visible:after:ring-blue-500',
                )}
              >
                {stock.ticker}
              </button>
            </h3>
            <StarButton ticker={stock.ticker} />
          </div>
          <p className="truncate text-sm text-slate-600 dark:text-slate-400" title={stock.name}>
            {stock.name}
          </p>
        </div>
        <div className="text-right">
          <p className="font-semibold text-slate-900 dark:text-white">
            {price ?? <span className="text-sm font-normal text-slate-500 dark:text-slate-400">No price yet</span>}
          </p>
          {change !== null && (
            <p className={cn('text-sm font-medium', changeClasses[changeDirection(stock.changePercent)])}>{change}</p>
          )}
          {prices?.simulated && <SimulatedPricesBadge />}
        </div>
      </div>

      <div className="mt-3 flex items-center justify-between gap-2">
        <SentimentBadge sentiment={stock.sentiment} />
        <span className="text-sm text-slate-700 dark:text-slate-300">
          <strong className="text-slate-900 dark:text-white">{formatCount(stock.totalMentions)}</strong> mentions
        </span>
      </div>

      <dl className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        {visiblePlatforms(counts).map((p) => (
          <div key={p} className="flex gap-1">
            <dt>{platformLabels[p]}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{formatCount(counts[p])}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-3">
        <Sparkline stock={stock} range={range} marketOpen={prices?.marketOpen} />
      </div>

      <Button
        variant="outline"
        size="sm"
        className="relative z-10 mt-4 self-start"
        onClick={() => onSetAlert(stock)}
        aria-label={`Set alert for ${stock.ticker}`}
      >
        <Icon name="bell" />
        Set Alert
      </Button>
    </article>
  );
}
