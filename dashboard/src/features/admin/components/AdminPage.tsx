import { useCallback, useState } from 'react';
import type { AdminSubscriptionFilter } from '@core/contracts/admin';
import { usePageMeta } from '../../../app/usePageMeta';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs } from '../../../ui/Tabs';
import { DEFAULT_USER_FILTERS, type UserFilters } from '../api/adminApi';
import { adminTabs } from './adminTabs';
import { StatsCards } from './StatsCards';

/** /admin: the stats header and the admin tabs. */
export function AdminPage() {
  usePageMeta('Admin Panel - StockPulse');
  const [tab, setTab] = useState(adminTabs[0]!.value);
  const [userFilters, setUserFilters] = useState<UserFilters>(DEFAULT_USER_FILTERS);
  const showUsersWithStatus = useCallback((subscriptionStatus: AdminSubscriptionFilter) => {
    setUserFilters({ ...DEFAULT_USER_FILTERS, subscriptionStatus });
    setTab('users');
  }, []);
  const current = adminTabs.find((t) => t.value === tab) ?? adminTabs[0]!;

  return (
    <div className="space-y-6">
      <PageHeader title="Admin Panel" description="Manage users, subscriptions and platform settings" />
      <StatsCards />
      <Tabs label="Admin sections" tabs={adminTabs} value={tab} onValueChange={setTab}>
        {current.render({ userFilters, setUserFilters, showUsersWithStatus })}
      </Tabs>
    </div>
  );
}
