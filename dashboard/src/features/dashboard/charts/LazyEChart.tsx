import { lazy, Suspense } from 'react';
import { cn } from '../../../lib/cn';
import type { EChartProps } from './EChart';

const charts = {
  /** Bars, line, tooltip and legend: the detail view (the cards' sparklines are plain SVG). */
  detail: lazy(() => import('./DetailEChart')),
};

interface LazyEChartProps extends EChartProps {
  /** The chart's text alternative. The canvas itself is hidden from assistive technology. */
  label: string;
  kind: keyof typeof charts;
}

/** A chart in a labelled role="img" box; ECharts loads in its own chunk the first time one is drawn. */
export function LazyEChart({ label, kind, style, className, option }: LazyEChartProps) {
  const Chart = charts[kind];
  return (
    <div role="img" aria-label={label} className={cn('max-w-full', className)} style={style}>
      <div aria-hidden="true" className="h-full w-full">
        <Suspense fallback={<div className="h-full w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />}>
          <Chart option={option} style={{ width: '100%', height: '100%' }} />
        </Suspense>
      </div>
    </div>
  );
}
