import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isTrialStatus } from '@core/contracts/user';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { usePageMeta } from '../../../app/usePageMeta';
import { getErrorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import {
  initDataMutationOptions,
  platformStatusQueryOptions,
  stocksQueryOptions,
  trendingNowQueryOptions,
} from '../api/dashboardApi';
import { DEFAULT_MAX_CONNECTIONS, platformCoverage } from '../model/coverage';
import { DEFAULT_TIME_RANGE } from '../model/format';
import { defaultSort, gridView, type StockSort } from '../model/stockSort';
import { CoverageBanner } from './CoverageBanner';
import { EmailTestPanel } from './EmailTestPanel';
import { InsightPanels } from './InsightPanels';
import { PlatformStatusCard } from './PlatformStatusCard';
import { SummaryCards } from './SummaryCards';
import { TrendDetectionPanel } from './TrendDetectionPanel';
import { TrendingStocksSection } from './TrendingStocksSection';
import { TrialBanner } from './TrialBanner';
import type { DetailRange } from '@core/timeWindows';

/** /dashboard: the ten sections in order. */
export function DashboardPage() {
  usePageMeta('Dashboard - StockPulse');
  const user = useSignedInUser();
  const { mutate: initData } = useMutation(initDataMutationOptions());
  const initDataSent = useRef(false);
  // Range and sort live in the URL (?range=…&sort=…), so a view can be shared, bookmarked and restored with Back; a
  // value that is the default for its range is left out.
  const [params, setParams] = useSearchParams();
  const { range, sort } = gridView(params);
  // "My watchlist" only is in the URL too (?watchlist=1).
  const watchlistOnly = params.get('watchlist') === '1';
  const setWatchlistOnly = (on: boolean) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (on) updated.set('watchlist', '1');
        else updated.delete('watchlist');
        return updated;
      },
      { replace: true },
    );
  const setView = (next: { range: DetailRange; sort: StockSort }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.range === DEFAULT_TIME_RANGE) updated.delete('range');
        else updated.set('range', next.range);
        if (next.sort === defaultSort(next.range)) updated.delete('sort');
        else updated.set('sort', next.sort);
        return updated;
      },
      { replace: true },
    );

  // The screen's only pollers of stocks and status; sections get their data from here.
  const stocks = useQuery(stocksQueryOptions(range));
  const status = useQuery(platformStatusQueryOptions());
  const trendingNow = useQuery(trendingNowQueryOptions());

  useEffect(() => {
    // Once per visit, even under StrictMode's double effect run.
    if (initDataSent.current) return;
    initDataSent.current = true;
    initData();
  }, [initData]);

  const coverage = status.data ? platformCoverage(status.data) : { connected: 0, max: DEFAULT_MAX_CONNECTIONS };

  return (
    <>
      <PageHeader title="Dashboard" description={user.firstName ? `Welcome back, ${user.firstName}.` : undefined} />
      {isTrialStatus(user.subscriptionStatus) && user.trialEndDate && <TrialBanner trialEndDate={user.trialEndDate} />}

      {stocks.isPending ? (
        <Spinner className="py-24" />
      ) : stocks.isError && !stocks.data ? (
        <Card className="p-8 text-center">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Stocks could not be loaded</h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{getErrorMessage(stocks.error)}</p>
          <Button className="mt-4" onClick={() => void stocks.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : (
        <div className="space-y-8">
          <SummaryCards stocks={stocks.data} trendingNow={trendingNow.data?.length ?? null} />
          <PlatformStatusCard status={status.data} isPending={status.isPending} updatedAt={status.dataUpdatedAt} />
          {status.data && <CoverageBanner connected={coverage.connected} max={coverage.max} />}
          <InsightPanels stocks={stocks.data} range={range} />
          <div className="grid gap-6 lg:grid-cols-2">
            <EmailTestPanel />
            <TrendDetectionPanel />
          </div>
          <TrendingStocksSection
            stocks={stocks.data}
            range={range}
            // A new range takes that range's default order.
            onRangeChange={(r) => setView({ range: r, sort: defaultSort(r) })}
            sort={sort}
            onSortChange={(s) => setView({ range, sort: s })}
            updating={stocks.isPlaceholderData && stocks.isFetching}
            prices={status.data?.prices}
            mentionsSince={status.data?.mentionsSince}
            watchlistOnly={watchlistOnly}
            onWatchlistOnlyChange={setWatchlistOnly}
          />
        </div>
      )}
    </>
  );
}
