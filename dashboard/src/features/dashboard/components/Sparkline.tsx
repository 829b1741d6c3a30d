import { useQuery } from '@tanstack/react-query';
import type { Stock } from '@core/contracts/stocks';
import type { DetailRange } from '@core/timeWindows';
import { historicalQueryOptions, sessionPricesQueryOptions } from '../api/dashboardApi';
import { sessionDateLabel, timeRangeLabel } from '../model/format';
import { sparklineData } from '../model/sparkline';
import { PriceLine } from './PriceLine';

interface SparklineProps {
  stock: Stock;
  range: DetailRange;
  /**
   * While the market is closed the line is the last session's (with its date), not a flat stretch of the range.
   * Undefined while the status loads: nothing is fetched yet.
   */
  marketOpen: boolean | undefined;
}

/**
 * The card's 300×60 sparkline. While the market trades: the prices of the range from GET /api/stocks/:ticker/historical
 * (polled every 15 min). While it is closed: the last session's prices from GET /api/stocks/:ticker/session, captioned
 * with its date. With fewer than two prices it draws the synthetic line from changePercent, dashed and labelled as an
 * estimate. A stock without a price draws nothing. Plain SVG: a line this small does not need ECharts, which then loads only with the detail view.
 */
export function Sparkline({ stock, range, marketOpen }: SparklineProps) {
  const priced = stock.price !== null;
  const history = useQuery(
    historicalQueryOptions(stock.ticker, range, { poll: true, enabled: priced && marketOpen === true }),
  );
  const session = useQuery(sessionPricesQueryOptions(stock.ticker, { enabled: priced && marketOpen === false }));
  // No price (no source prices this security): no line at all, not even an estimate; the card says "No price yet".
  if (!priced) return <div data-testid="no-sparkline" className="h-[60px]" />;
  const points = marketOpen ? history.data : session.data?.points;
  const data = sparklineData(points, stock.changePercent);
  const pending = marketOpen === undefined || (marketOpen ? history.isPending : session.isPending);
  const period =
    marketOpen || !session.data
      ? timeRangeLabel(range).toLowerCase()
      : `last session, ${sessionDateLabel(session.data.date)}`;
  const label =
    data.kind === 'historical'
      ? `${stock.ticker} price, ${period}: ${data.rising ? 'rising' : 'falling'}`
      : `${stock.ticker} estimated trend from the latest change: ${data.rising ? 'rising' : 'falling'}`;

  return (
    <div>
      <PriceLine values={data.values} label={label} rising={data.rising} dashed={data.kind === 'synthetic'} />
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {pending
          ? 'Loading price history…'
          : data.kind === 'historical'
            ? `Price, ${period}`
            : 'Estimated from change %'}
      </p>
    </div>
  );
}
