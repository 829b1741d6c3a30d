import { useEffect, useRef } from 'react';
import { useSignedInUser } from '../../../app/session/useSignedInUser';
import { usePageMeta } from '../../../app/usePageMeta';
import { PageHeader } from '../../../ui/PageHeader';
import { useInitDataMutation } from '../api/dashboardApi';
import { TrialBanner } from './TrialBanner';

export function DashboardPage() {
  usePageMeta('Dashboard - StockPulse');
  const user = useSignedInUser();
  const { mutate: initData } = useInitDataMutation();
  const initDataSent = useRef(false);

  useEffect(() => {
    // Once per visit, even under StrictMode's double effect run.
    if (initDataSent.current) return;
    initDataSent.current = true;
    initData();
  }, [initData]);

  return (
    <>
      <PageHeader title="Dashboard" description={user.firstName ? `Welcome back, ${user.firstName}.` : undefined} />
      {user.subscriptionStatus === 'trialing' && user.trialEndDate && <TrialBanner trialEndDate={user.trialEndDate} />}
    </>
  );
}
