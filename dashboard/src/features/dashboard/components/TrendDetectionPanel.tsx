import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast } from '../../../app/toast/showToast';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Icon } from '../../../ui/Icon';
import { Spinner } from '../../../ui/Spinner';
import {
  detectTrendsMutationOptions,
  pricesUpdatedMessage,
  refreshPricesMutationOptions,
  trendingNowQueryOptions,
  trendsDetectedMessage,
} from '../api/dashboardApi';
import { SENTIMENT_LABELS } from '../model/format';
import { SentimentBadge } from './SentimentBadge';

/** The Latest-trends row shows the first 10. */
export const LATEST_TRENDS_LIMIT = 10;

/** Detect trends, refresh prices, and the latest trends. */
export function TrendDetectionPanel() {
  const queryClient = useQueryClient();
  const trending = useQuery(trendingNowQueryOptions());
  const detect = useMutation({
    ...detectTrendsMutationOptions(queryClient),
    onSuccess: (data) =>
      showToast({
        title: 'Trends Detected',
        description: trendsDetectedMessage(data?.trendsDetected ?? 0, data?.usingRealAPIs ?? false),
      }),
    onError: errorToast('Detection Failed', 'Failed to detect trends'),
  });
  const refresh = useMutation({
    ...refreshPricesMutationOptions(queryClient),
    onSuccess: (data) =>
      showToast({
        title: 'Prices Updated',
        description: pricesUpdatedMessage(data?.updatedCount ?? 0, data?.simulated ?? true),
      }),
    onError: errorToast('Update Failed', 'Failed to refresh prices'),
  });
  const latest = (trending.data ?? []).slice(0, LATEST_TRENDS_LIMIT);

  return (
    <Card className="p-6">
      <section aria-labelledby="trend-detection-heading">
        <div className="flex items-center gap-2">
          <Icon name="zap" className="h-5 w-5 text-blue-600 dark:text-blue-400" />
          <h2 id="trend-detection-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Live Trend Detection
          </h2>
        </div>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Look for stocks whose mentions are accelerating, or fetch the latest market prices now.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => detect.mutate()} disabled={detect.isPending}>
            <Icon name="trendingUp" />
            {detect.isPending ? 'Detecting...' : 'Detect Trends'}
          </Button>
          <Button variant="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
            <Icon name="activity" />
            {refresh.isPending ? 'Refreshing...' : 'Refresh Prices'}
          </Button>
        </div>

        <h3 className="mt-5 text-sm font-medium text-slate-900 dark:text-white">Latest trends</h3>
        {trending.isPending ? (
          <Spinner className="justify-start py-2" />
        ) : trending.isError ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Latest trends are unavailable right now.</p>
        ) : latest.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No trends detected yet.</p>
        ) : (
          <ul aria-label="Latest trends" className="mt-2 flex flex-wrap gap-2">
            {latest.map((item) => (
              <li key={item.ticker}>
                <SentimentBadge sentiment={item.sentiment}>
                  <span className="font-bold">{item.ticker}</span>
                  <span className="font-normal">{SENTIMENT_LABELS[item.sentiment]}</span>
                </SentimentBadge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
