import type { Stock, TimeRange } from '@core/contracts/stocks';
import { useHistoricalQuery } from '../api/dashboardApi';
import { LazyEChart } from '../charts/LazyEChart';
import { sparklineOption } from '../model/chartOptions';
import { timeRangeLabel } from '../model/format';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklineData } from '../model/sparkline';

/**
 * The card's 300×60 sparkline from GET /api/stocks/:ticker/historical for the range (polled every
 * 15 min). With fewer than two historical prices it draws the synthetic line from changePercent,
 * dashed and labelled as an estimate.
 */
export function Sparkline({ stock, range }: { stock: Stock; range: TimeRange }) {
  const history = useHistoricalQuery(stock.ticker, range, { poll: true });
  const data = sparklineData(history.data, stock.changePercent);
  const rangeText = timeRangeLabel(range).toLowerCase();
  const label =
    data.kind === 'historical'
      ? `${stock.ticker} price, ${rangeText}: ${data.rising ? 'rising' : 'falling'}`
      : `${stock.ticker} estimated trend from the latest change: ${data.rising ? 'rising' : 'falling'}`;

  return (
    <div>
      <LazyEChart
        label={label}
        kind="sparkline"
        option={sparklineOption(data)}
        style={{ width: '100%', maxWidth: SPARKLINE_WIDTH, height: SPARKLINE_HEIGHT }}
      />
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {history.isPending ? 'Loading price history…' : data.kind === 'historical' ? `Price, ${rangeText}` : 'Estimated from change %'}
      </p>
    </div>
  );
}
