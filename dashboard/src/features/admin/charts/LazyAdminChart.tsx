import { lazy, Suspense } from 'react';
import type { AdminChartOption } from './adminChartOption';

const AdminEChart = lazy(() => import('./AdminEChart'));

/** A chart in a labelled role="img" box; ECharts loads in its own chunk the first time one is drawn. */
export function LazyAdminChart({ label, option, height }: { label: string; option: AdminChartOption; height: number }) {
  return (
    <div role="img" aria-label={label} style={{ height }}>
      <div aria-hidden="true" className="h-full w-full">
        <Suspense fallback={<div className="h-full w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800" />}>
          <AdminEChart option={option} style={{ width: '100%', height: '100%' }} />
        </Suspense>
      </div>
    </div>
  );
}
