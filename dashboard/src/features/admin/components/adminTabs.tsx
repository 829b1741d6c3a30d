import type { ReactNode } from 'react';
import type { AdminSubscriptionFilter } from '@core/contracts/admin';
import type { UserFilters } from '../api/adminApi';
import { OutboxPanel } from '../outbox/OutboxPanel';
import { AlertOutcomesPanel } from './AlertOutcomesPanel';
import { ApiKeysPanel } from './ApiKeysPanel';
import { PipelinesPanel } from './PipelinesPanel';
import { PlatformSettingsPanel } from './PlatformSettingsPanel';
import { SettingsPlaceholder } from './SettingsPlaceholder';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { UserManagement } from './UserManagement';

/** What a tab panel may use from the page: the shared user filters and a jump into User Management. */
export interface AdminTabContext {
  userFilters: UserFilters;
  setUserFilters: (filters: UserFilters) => void;
  showUsersWithStatus: (filter: AdminSubscriptionFilter) => void;
}

export interface AdminTab {
  value: string;
  label: string;
  render: (context: AdminTabContext) => ReactNode;
}

/** The admin tabs in order: the four account tabs with the operations tabs (Pipelines, Outbox) before Settings. One entry adds a tab. */
export const adminTabs: AdminTab[] = [
  {
    value: 'users',
    label: 'User Management',
    render: (c) => <UserManagement filters={c.userFilters} onFiltersChange={c.setUserFilters} />,
  },
  {
    value: 'subscriptions',
    label: 'Subscriptions',
    render: (c) => <SubscriptionsPanel onShowUsers={c.showUsersWithStatus} />,
  },
  { value: 'platform-settings', label: 'Platform Settings', render: () => <PlatformSettingsPanel /> },
  { value: 'pipelines', label: 'Pipelines', render: () => <PipelinesPanel /> },
  { value: 'outbox', label: 'Outbox', render: () => <OutboxPanel /> },
  { value: 'alert-outcomes', label: 'Alert Outcomes', render: () => <AlertOutcomesPanel /> },
  { value: 'api-keys', label: 'API Keys', render: () => <ApiKeysPanel /> },
  { value: 'settings', label: 'Settings', render: () => <SettingsPlaceholder /> },
];
