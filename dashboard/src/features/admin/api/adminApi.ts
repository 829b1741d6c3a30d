import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { OutcomeDistribution } from '@core/contracts/alertOutcomes';
import type { TopApiKeys } from '@core/contracts/apiKeys';
import type {
  AdminStats,
  AdminSubscriptionFilter,
  AdminUsersResponse,
  PipelineRunsResponse,
  PricePipeline,
  RescoreStatus,
  PlatformSetting,
  RetentionSettings,
  StartedRun,
  YouTubeQuota,
  adminSettableStatuses,
} from '@core/contracts/admin';
import { ADMIN_USERS_PAGE_SIZE } from '@core/contracts/admin';
import type { AmbiguousSymbols } from '@core/contracts/ambiguousSymbols';
import type { FormerSymbol, FormerSymbols } from '@core/contracts/formerSymbols';
import type { PublicUser, Role } from '@core/contracts/user';
import { apiRequestJson } from '../../../lib/api';

export type AdminSettableStatus = (typeof adminSettableStatuses)[number];

/** The User Management filters; "all" sends no filter. */
export interface UserFilters {
  search: string;
  subscriptionStatus: 'all' | AdminSubscriptionFilter;
  role: 'all' | Role;
  page: number;
}
export const DEFAULT_USER_FILTERS: UserFilters = { search: '', subscriptionStatus: 'all', role: 'all', page: 1 };

export interface PipelineFilters {
  type: string;
  status: string;
}

const ADMIN_ROOT = '/api/admin';
export const adminKeys = {
  stats: ['/api/admin/stats'] as const,
  usersRoot: ['/api/admin/users'] as const,
  users: (filters: UserFilters) => ['/api/admin/users', filters] as const,
  platformSettings: ['/api/admin/platform-settings'] as const,
  retention: ['/api/admin/retention'] as const,
  ambiguousSymbols: ['/api/admin/ambiguous-symbols'] as const,
  formerSymbols: ['/api/admin/former-symbols'] as const,
  pipelineRuns: (filters: PipelineFilters) => ['/api/admin/pipelines/runs', filters] as const,
  pipelineRunsRoot: ['/api/admin/pipelines/runs'] as const,
  youtubeQuota: ['/api/admin/pipelines/quota'] as const,
  pricePipeline: ['/api/admin/pipelines/prices'] as const,
  rescore: ['/api/admin/pipelines/rescore'] as const,
  alertOutcomes: ['/api/admin/alert-outcomes'] as const,
  apiKeys: ['/api/admin/api-keys'] as const,
};

export function usersUrl(filters: UserFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(ADMIN_USERS_PAGE_SIZE) });
  if (filters.subscriptionStatus !== 'all') params.set('subscriptionStatus', filters.subscriptionStatus);
  if (filters.role !== 'all') params.set('role', filters.role);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return `${ADMIN_ROOT}/users?${params.toString()}`;
}

const get = async <T>(url: string) => (await apiRequestJson<T>('GET', url)) as T;

export const alertOutcomesQuery = () =>
  queryOptions({
    queryKey: adminKeys.alertOutcomes,
    queryFn: () => get<OutcomeDistribution>(`${ADMIN_ROOT}/alert-outcomes`),
  });
export const topApiKeysQuery = () =>
  queryOptions({
    queryKey: adminKeys.apiKeys,
    queryFn: () => get<TopApiKeys>(`${ADMIN_ROOT}/api-keys`),
    refetchInterval: 60_000,
  });
export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: () => get<AdminStats>(`${ADMIN_ROOT}/stats`) });

export const adminUsersQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: () => get<AdminUsersResponse>(usersUrl(filters)),
    placeholderData: keepPreviousData,
  });

export const platformSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.platformSettings,
    queryFn: () => get<PlatformSetting[]>(`${ADMIN_ROOT}/platform-settings`),
  });

export const retentionQuery = () =>
  queryOptions({ queryKey: adminKeys.retention, queryFn: () => get<RetentionSettings>(`${ADMIN_ROOT}/retention`) });

export const ambiguousSymbolsQuery = () =>
  queryOptions({
    queryKey: adminKeys.ambiguousSymbols,
    queryFn: () => get<AmbiguousSymbols>(`${ADMIN_ROOT}/ambiguous-symbols`),
  });

export const formerSymbolsQuery = () =>
  queryOptions({
    queryKey: adminKeys.formerSymbols,
    queryFn: () => get<FormerSymbols>(`${ADMIN_ROOT}/former-symbols`),
  });

/** Runs refresh every 10 s while the tab is open, so a started scan moves from Running to its outcome. */
export const pipelineRunsQuery = (filters: PipelineFilters) =>
  queryOptions({
    queryKey: adminKeys.pipelineRuns(filters),
    queryFn: () => {
      const params = new URLSearchParams({ type: filters.type, status: filters.status });
      return get<PipelineRunsResponse>(`${ADMIN_ROOT}/pipelines/runs?${params.toString()}`);
    },
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

/** The YouTube units spent today; refreshed with the runs, since every scan spends some. */
export const pricePipelineQuery = () =>
  queryOptions({
    queryKey: adminKeys.pricePipeline,
    queryFn: () => get<PricePipeline>(`${ADMIN_ROOT}/pipelines/prices`),
    refetchInterval: 30_000,
  });
/** The sentiment re-score's state, re-read every few seconds while it runs (its progress moves hour by hour). */
export const rescoreStatusQuery = () =>
  queryOptions({
    queryKey: adminKeys.rescore,
    queryFn: () => get<RescoreStatus>(`${ADMIN_ROOT}/pipelines/rescore`),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3_000 : 30_000),
  });

export const youtubeQuotaQuery = () =>
  queryOptions({
    queryKey: adminKeys.youtubeQuota,
    queryFn: () => get<YouTubeQuota>(`${ADMIN_ROOT}/pipelines/quota`),
    refetchInterval: 10_000,
  });

/**
 * One admin change: the call, then the lists it changes are re-read before it answers (so a table shows the change as
 * the button comes back). The component that makes it decides its toasts.
 */
function adminChange<TInput, TResult>(
  queryClient: QueryClient,
  mutationFn: (input: TInput) => Promise<TResult>,
  invalidate: ReadonlyArray<readonly unknown[]>,
) {
  return mutationOptions({
    mutationFn: async (input: TInput) => {
      const result = await mutationFn(input);
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return result;
    },
  });
}

const userChange = [adminKeys.usersRoot, adminKeys.stats] as const;

export const changeRoleMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    ({ user, role }: { user: PublicUser; role: Role }) =>
      apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/role`, { role }),
    userChange,
  );

export const changeSubscriptionMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    ({ user, subscriptionStatus }: { user: PublicUser; subscriptionStatus: AdminSettableStatus }) =>
      apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/subscription`, { subscriptionStatus }),
    userChange,
  );

export const deactivateUserMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) => apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/deactivate`),
    userChange,
  );

export const deleteUserMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) => apiRequestJson<unknown>('DELETE', `${ADMIN_ROOT}/users/${user.id}`),
    userChange,
  );

/** POST /api/admin/users/{id}/extend-trial: a card-free trial gets 7 more days (audited on the server). */
export const TRIAL_EXTENSION_DAYS = 7;
export const extendTrialMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) =>
      apiRequestJson<PublicUser>('POST', `${ADMIN_ROOT}/users/${user.id}/extend-trial`, { days: TRIAL_EXTENSION_DAYS }),
    userChange,
  );

/** POST /api/admin/users/{id}/cancel-subscription (served by billing, through the payment provider). */
export const cancelSubscriptionMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) => apiRequestJson<unknown>('POST', `${ADMIN_ROOT}/users/${user.id}/cancel-subscription`),
    userChange,
  );

export const savePlatformSettingMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (input: { platform: string; settingType: string; values: string[] }) =>
      apiRequestJson<PlatformSetting>('POST', `${ADMIN_ROOT}/platform-settings`, input),
    [adminKeys.platformSettings],
  );

export const saveFormerSymbolsMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (renames: FormerSymbol[]) => apiRequestJson<FormerSymbols>('PUT', `${ADMIN_ROOT}/former-symbols`, { renames }),
    [adminKeys.formerSymbols],
  );

export const saveAmbiguousSymbolsMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (symbols: string[]) => apiRequestJson<AmbiguousSymbols>('PUT', `${ADMIN_ROOT}/ambiguous-symbols`, { symbols }),
    [adminKeys.ambiguousSymbols],
  );

export const startScanMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (platform: string) =>
      apiRequestJson<StartedRun>('POST', `${ADMIN_ROOT}/pipelines/scans`, { platform }) as Promise<StartedRun>,
    [adminKeys.pipelineRunsRoot],
  );

export const rerunMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (run: { workflowId: string; runId: string }) =>
      apiRequestJson<StartedRun>('POST', `${ADMIN_ROOT}/pipelines/reruns`, run) as Promise<StartedRun>,
    [adminKeys.pipelineRunsRoot],
  );

export const startRescoreMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    () => apiRequestJson<StartedRun>('POST', `${ADMIN_ROOT}/pipelines/rescore`, {}) as Promise<StartedRun>,
    [adminKeys.rescore, adminKeys.pipelineRunsRoot],
  );
