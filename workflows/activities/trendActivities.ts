import { createTrendDetection, type TrendDetectionDeps } from '../../domain/trends/trendDetection';

/** The detectTrends workflow's activity: one call of domain/trends' detection, which keeps its baseline per worker. */
export function createTrendActivities(deps: TrendDetectionDeps) {
  const detection = createTrendDetection(deps);
  return { detectTrends: () => detection.detectTrends() };
}
