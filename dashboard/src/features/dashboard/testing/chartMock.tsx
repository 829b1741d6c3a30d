import type { ChartOption } from '../charts/chartOption';

/**
 * Stand-in for LazyEChart in jsdom (no canvas): the labelled box, with the option's series as
 * JSON so tests can read what would be drawn. Use with
 * vi.mock('../charts/LazyEChart', () => import('../testing/chartMock')).
 */
export function LazyEChart({ label, kind, option }: { label: string; kind: string; option: ChartOption }) {
  return <div role="img" aria-label={label} data-kind={kind} data-series={JSON.stringify(option.series)} />;
}
