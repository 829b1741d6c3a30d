import type { Stock, TimeRange } from '@core/contracts/stocks';
import { useHistoricalQuery } from '../api/dashboardApi';
import { timeRangeLabel } from '../model/format';
import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklineData, sparklinePoints } from '../model/sparkline';

/**
 * The card's 300×60 sparkline from GET /api/stocks/:ticker/historical for the range (polled every
 * 15 min). With fewer than two historical prices it draws the synthetic line from changePercent,
 * dashed and labelled as an estimate. Plain SVG: a line this small does not need ECharts, which
 * then loads only with the detail view.
 */
export function Sparkline({ stock, range }: { stock: Stock; range: TimeRange }) {
  const history = useHistoricalQuery(stock.ticker, range, { poll: true });
  const data = sparklineData(history.data, stock.changePercent);
  const rangeText = timeRangeLabel(range).toLowerCase();
  const label =
    data.kind === 'historical'
      ? `${stock.ticker} price, ${rangeText}: ${data.rising ? 'rising' : 'falling'}`
      : `${stock.ticker} estimated trend from the latest change: ${data.rising ? 'rising' : 'falling'}`;
  const points = sparklinePoints(data.values);
  const line = points.map(([x, y]) => `${x},${y}`).join(' ');
  const first = points[0] ?? [0, SPARKLINE_HEIGHT];
  const last = points[points.length - 1] ?? first;
  const area = `M${first[0]},${SPARKLINE_HEIGHT} L${line.replaceAll(' ', ' L')} L${last[0]},${SPARKLINE_HEIGHT} Z`;
  const color = data.rising ? 'text-emerald-500' : 'text-red-500';

  return (
    <div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`}
        preserveAspectRatio="none"
        className={`block w-full ${color}`}
        style={{ maxWidth: SPARKLINE_WIDTH, height: SPARKLINE_HEIGHT }}
      >
        <path d={area} fill="currentColor" fillOpacity={0.08} stroke="none" />
        <polyline
          points={line}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          strokeDasharray={data.kind === 'synthetic' ? '6 4' : undefined}
          vectorEffect="non-scaling-stroke"
          data-kind={data.kind}
        />
      </svg>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {history.isPending ? 'Loading price history…' : data.kind === 'historical' ? `Price, ${rangeText}` : 'Estimated from change %'}
      </p>
    </div>
  );
}
