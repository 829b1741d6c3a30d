import { useEffect, useRef, useState } from 'react';
import type { TimeRange } from '@core/contracts/stocks';
import { isTrialStatus } from '@core/contracts/user';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { usePageMeta } from '../../../app/usePageMeta';
import { getErrorMessage } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { useInitDataMutation, usePlatformStatusQuery, useStocksQuery } from '../api/dashboardApi';
import { DEFAULT_MAX_CONNECTIONS, platformCoverage } from '../model/coverage';
import { DEFAULT_TIME_RANGE } from '../model/format';
import { CoverageBanner } from './CoverageBanner';
import { EmailTestPanel } from './EmailTestPanel';
import { InsightPanels } from './InsightPanels';
import { PlatformStatusCard } from './PlatformStatusCard';
import { SummaryCards } from './SummaryCards';
import { TrendDetectionPanel } from './TrendDetectionPanel';
import { TrendingStocksSection } from './TrendingStocksSection';
import { TrialBanner } from './TrialBanner';

/** Spec §2 /dashboard: the ten sections in order. */
export function DashboardPage() {
  usePageMeta('Dashboard - StockPulse');
  const user = useSignedInUser();
  const { mutate: initData } = useInitDataMutation();
  const initDataSent = useRef(false);
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);

  // The screen's only pollers of stocks and status; sections get their data from here.
  const stocks = useStocksQuery(range);
  const status = usePlatformStatusQuery();

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
          <SummaryCards stocks={stocks.data} />
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
            onRangeChange={setRange}
            updating={stocks.isPlaceholderData && stocks.isFetching}
          />
        </div>
      )}
    </>
  );
}
