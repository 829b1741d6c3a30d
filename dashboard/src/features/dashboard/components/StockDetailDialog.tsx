import { useQuery } from '@tanstack/react-query';
import { StarButton } from '../../../app/watchlist/StarButton';
import type { PriceStatus } from '@core/contracts/platformStatus';
import type { Stock, StockPost } from '@core/contracts/stocks';
import { cn } from '../../../lib/cn';
import { Badge } from '../../../ui/Badge';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import {
  historicalQueryOptions,
  sessionPricesQueryOptions,
  STOCK_POSTS_LIMIT,
  stockPostsQueryOptions,
} from '../api/dashboardApi';
import { LazyEChart } from '../charts/LazyEChart';
import { detailChartOption } from '../model/chartOptions';
import {
  changeDirection,
  SENTIMENT_BAR_CLASSES,
  SENTIMENT_LABELS,
  sessionDateLabel,
  timeRangeLabel,
} from '../model/format';
import { formatChangePercent, formatCount, formatDateTime, formatPrice } from '../../../lib/format';
import { isFirstLabel, postAnalysers } from '../model/postAnalysers';
import { sparklineData } from '../model/sparkline';
import { isPlatform, platformLabels, type Platform } from '@core/platforms';
import { sentimentBreakdown, stockPlatformMentions, visiblePlatforms } from '../model/stockMetrics';
import { PriceLine } from './PriceLine';
import { SentimentBadge } from './SentimentBadge';
import { SimulatedPricesBadge } from './SimulatedPricesBadge';
import type { DetailRange } from '@core/timeWindows';

interface StockDetailDialogProps {
  /** The stock to show; null closes the dialog. */
  stock: Stock | null;
  range: DetailRange;
  /** Price source and market session (undefined while the status loads). */
  prices: PriceStatus | undefined;
  onClose: () => void;
}

/**
 * A stock's detail view, opened by clicking its card. Mentions per platform and
 * the price over the selected range, the sentiment of its most recent posts, and those posts with
 * links to their source (simulated posts are marked).
 */
export function StockDetailDialog({ stock, range, prices, onClose }: StockDetailDialogProps) {
  return (
    <Dialog
      open={stock !== null}
      onClose={onClose}
      size="xl"
      title={stock ? `${stock.ticker} · ${stock.name}` : ''}
      description={stock ? <StockHeadline stock={stock} simulated={prices?.simulated === true} /> : undefined}
    >
      {stock && <StockDetail stock={stock} range={range} marketOpen={prices?.marketOpen !== false} />}
    </Dialog>
  );
}

function StockHeadline({ stock, simulated }: { stock: Stock; simulated: boolean }) {
  const price = formatPrice(stock.price);
  const change = formatChangePercent(stock.changePercent);
  const direction = changeDirection(stock.changePercent);
  return (
    <span className="flex flex-wrap items-center gap-3">
      <StarButton ticker={stock.ticker} />
      <span className="text-base font-semibold text-slate-900 dark:text-white">{price ?? 'No price yet'}</span>
      {change && (
        <span
          className={cn(
            'font-medium',
            direction === 'up'
              ? 'text-emerald-700 dark:text-emerald-400'
              : direction === 'down'
                ? 'text-red-600 dark:text-red-400'
                : '',
          )}
        >
          {change}
        </span>
      )}
      <SentimentBadge sentiment={stock.sentiment} />
      {simulated && <SimulatedPricesBadge />}
    </span>
  );
}

/** While the market is closed: the last session's price line with its date (the range's own line would be flat). */
function LastSessionPrice({ stock }: { stock: Stock }) {
  const session = useQuery(sessionPricesQueryOptions(stock.ticker, { enabled: true }));
  const data = sparklineData(session.data?.points, stock.changePercent);
  const title = session.data
    ? `Price, last session (${sessionDateLabel(session.data.date)}, market closed)`
    : 'Price, last session';
  return (
    <section aria-labelledby="detail-session-heading">
      <h3 id="detail-session-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
        {title}
      </h3>
      {session.isPending ? (
        <Spinner className="h-28" />
      ) : data.kind === 'historical' ? (
        <div className="mt-2">
          <PriceLine
            values={data.values}
            rising={data.rising}
            height={112}
            label={`${stock.ticker} ${title.toLowerCase()}: ${data.rising ? 'rising' : 'falling'}`}
          />
        </div>
      ) : (
        <p className="py-4 text-sm text-slate-600 dark:text-slate-400">No prices stored for the last session yet.</p>
      )}
    </section>
  );
}

function StockDetail({ stock, range, marketOpen }: { stock: Stock; range: DetailRange; marketOpen: boolean }) {
  const history = useQuery(historicalQueryOptions(stock.ticker, range, { poll: false }));
  const posts = useQuery(stockPostsQueryOptions(stock.ticker));
  const counts = stockPlatformMentions(stock);
  const rangeText = timeRangeLabel(range).toLowerCase();
  const points = history.data ?? [];
  // A stock without a price (no source prices it) shows mentions only: no price line, live or last-session.
  const showPrice = marketOpen && stock.price !== null;

  return (
    <div className="space-y-6">
      <section aria-labelledby="detail-mentions-heading">
        <h3 id="detail-mentions-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          {showPrice ? 'Mentions and price' : 'Mentions'}, {rangeText}
        </h3>
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex gap-1">
            <dt>Total</dt>
            <dd className="font-semibold text-slate-900 dark:text-white">{formatCount(stock.totalMentions)}</dd>
          </div>
          {visiblePlatforms(counts).map((p: Platform) => (
            <div key={p} className="flex gap-1">
              <dt>{platformLabels[p]}</dt>
              <dd className="font-semibold text-slate-900 dark:text-white">{formatCount(counts[p])}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3">
          {history.isPending ? (
            <Spinner className="h-72" />
          ) : history.isError ? (
            <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
              The mention history could not be loaded.
            </p>
          ) : points.length === 0 ? (
            <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">
              No mention history for this time range yet.
            </p>
          ) : (
            <LazyEChart
              kind="detail"
              label={`${stock.ticker} mentions per platform (stacked bars)${showPrice ? ' and price (line)' : ''}, ${rangeText}`}
              option={detailChartOption(points, range, { price: showPrice })}
              style={{ width: '100%', height: 288 }}
            />
          )}
        </div>
      </section>

      {!marketOpen && stock.price !== null && <LastSessionPrice stock={stock} />}

      <RecentPosts posts={posts.data ?? []} isPending={posts.isPending} isError={posts.isError} />
    </div>
  );
}

const platformLabel = (platform: string) => (isPlatform(platform) ? platformLabels[platform] : platform);

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function RecentPosts({
  posts,
  isPending,
  isError,
}: {
  posts: readonly StockPost[];
  isPending: boolean;
  isError: boolean;
}) {
  const shares = sentimentBreakdown(posts);
  // A post keeps the fast model's first label for the few minutes until the transformer re-scores it, and posts
  // scored before and after a model change are not comparable: say both rather than mix them silently.
  const { firstLabels, settled } = postAnalysers(posts);
  return (
    <>
      <section aria-labelledby="detail-sentiment-heading">
        <h3 id="detail-sentiment-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          Sentiment of the {STOCK_POSTS_LIMIT} most recent posts
        </h3>
        {isPending ? (
          <Spinner className="justify-start py-2" />
        ) : posts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No posts to score yet.</p>
        ) : (
          <>
            <div
              className="mt-2 flex h-3 w-full overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
              aria-hidden="true"
            >
              {shares.map((s) => (
                <div
                  key={s.sentiment}
                  className={SENTIMENT_BAR_CLASSES[s.sentiment]}
                  style={{ width: `${s.percent}%` }}
                />
              ))}
            </div>
            <ul className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300">
              {shares.map((s) => (
                <li key={s.sentiment}>
                  {SENTIMENT_LABELS[s.sentiment]}: {formatCount(s.count)} ({s.percent}%)
                </li>
              ))}
            </ul>
            {firstLabels > 0 ? (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {firstLabels} of {posts.length} posts carry the fast model's first label until the AI model re-scores
                them, within minutes of ingest.
              </p>
            ) : null}
            {settled.length > 1 ? (
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                Scored by {settled.length} sentiment analysers ({settled.join(', ')}): older posts used an earlier one.
              </p>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="detail-posts-heading">
        <h3 id="detail-posts-heading" className="text-sm font-semibold text-slate-900 dark:text-white">
          Recent posts
        </h3>
        {isPending ? null : isError ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Recent posts could not be loaded.</p>
        ) : posts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No recent posts mention this stock.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
            {posts.map((post, i) => {
              const href = safeHref(post.url);
              const when = new Date(post.timestamp);
              return (
                <li key={`${post.url}-${i}`} className="py-3">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-semibold text-slate-700 dark:text-slate-200">
                      {platformLabel(post.platform)}
                    </span>
                    <span>{post.source}</span>
                    {!Number.isNaN(when.getTime()) && <time dateTime={when.toISOString()}>{formatDateTime(when)}</time>}
                    <SentimentBadge sentiment={post.sentiment} />
                    {isFirstLabel(post) && (
                      <span title="Labelled at ingest by the fast model; the AI model re-scores it within minutes">
                        AI re-score pending
                      </span>
                    )}
                    {post.simulated && (
                      <Badge variant="outline" className="border-amber-400 text-amber-700 dark:text-amber-300">
                        Simulated
                      </Badge>
                    )}
                  </div>
                  <p className="mt-1 line-clamp-3 text-sm break-words text-slate-800 dark:text-slate-200">
                    {post.text}
                  </p>
                  {href && (
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="mt-1 inline-block rounded text-sm font-medium text-blue-600 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-blue-400"
                    >
                      {post.simulated ? 'View source (simulated post)' : `View on ${platformLabel(post.platform)}`}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </>
  );
}
