import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { outcomeDistributionSchema } from '@core/contracts/alertOutcomes';
import { topApiKeysSchema } from '@core/contracts/apiKeys';
import {
  ADMIN_USERS_PAGE_SIZE,
  adminStatsSchema,
  adminUsersResponseSchema,
  labelCoverageSchema,
  pipelineRunsResponseSchema,
  platformSettingSchema,
  pricePipelineSchema,
  rescoreStatusSchema,
  retentionSchema,
  startedRunSchema,
  youtubeQuotaSchema,
  type AdminSubscriptionFilter,
  type adminSettableStatuses,
} from '@core/contracts/admin';
import { ambiguousSymbolsResponseSchema } from '@core/contracts/ambiguousSymbols';
import { formerSymbolsResponseSchema, type FormerSymbol } from '@core/contracts/formerSymbols';
import { publicUserSchema, type PublicUser, type Role } from '@core/contracts/user';
import { apiSend, apiRequestJson } from '../../../lib/api';

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
  labels: ['/api/admin/pipelines/labels'] as const,
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

const get = <S extends z.ZodType>(url: string, schema: S) => apiRequestJson('GET', url, schema);
const platformSettingListSchema = z.array(platformSettingSchema);

export const alertOutcomesQuery = () =>
  queryOptions({
    queryKey: adminKeys.alertOutcomes,
    queryFn: () => get(`${ADMIN_ROOT}/alert-outcomes`, outcomeDistributionSchema),
  });
export const topApiKeysQuery = () =>
  queryOptions({
    queryKey: adminKeys.apiKeys,
    queryFn: () => get(`${ADMIN_ROOT}/api-keys`, topApiKeysSchema),
    refetchInterval: 60_000,
  });
export const adminStatsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats, queryFn: () => get(`${ADMIN_ROOT}/stats`, adminStatsSchema) });

export const adminUsersQuery = (filters: UserFilters) =>
  queryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: () => get(usersUrl(filters), adminUsersResponseSchema),
    placeholderData: keepPreviousData,
  });

export const platformSettingsQuery = () =>
  queryOptions({
    queryKey: adminKeys.platformSettings,
    queryFn: () => get(`${ADMIN_ROOT}/platform-settings`, platformSettingListSchema),
  });

export const retentionQuery = () =>
  queryOptions({ queryKey: adminKeys.retention, queryFn: () => get(`${ADMIN_ROOT}/retention`, retentionSchema) });

export const ambiguousSymbolsQuery = () =>
  queryOptions({
    queryKey: adminKeys.ambiguousSymbols,
    queryFn: () => get(`${ADMIN_ROOT}/ambiguous-symbols`, ambiguousSymbolsResponseSchema),
  });

export const formerSymbolsQuery = () =>
  queryOptions({
    queryKey: adminKeys.formerSymbols,
    queryFn: () => get(`${ADMIN_ROOT}/former-symbols`, formerSymbolsResponseSchema),
  });

/** Runs refresh every 10 s while the tab is open, so a started scan moves from Running to its outcome. */
export const pipelineRunsQuery = (filters: PipelineFilters) =>
  queryOptions({
    queryKey: adminKeys.pipelineRuns(filters),
    queryFn: () => {
      const params = new URLSearchParams({ type: filters.type, status: filters.status });
      return get(`${ADMIN_ROOT}/pipelines/runs?${params.toString()}`, pipelineRunsResponseSchema);
    },
    refetchInterval: 10_000,
    placeholderData: keepPreviousData,
  });

/** The YouTube units spent today; refreshed with the runs, since every scan spends some. */
export const pricePipelineQuery = () =>
  queryOptions({
    queryKey: adminKeys.pricePipeline,
    queryFn: () => get(`${ADMIN_ROOT}/pipelines/prices`, pricePipelineSchema),
    refetchInterval: 30_000,
  });
/** The sentiment re-score's state, re-read every few seconds while it runs (its progress moves hour by hour). */
export const rescoreStatusQuery = () =>
  queryOptions({
    queryKey: adminKeys.rescore,
    queryFn: () => get(`${ADMIN_ROOT}/pipelines/rescore`, rescoreStatusSchema),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 3_000 : 30_000),
  });

export const labelCoverageQuery = () =>
  queryOptions({
    queryKey: adminKeys.labels,
    queryFn: () => get(`${ADMIN_ROOT}/pipelines/labels`, labelCoverageSchema),
    refetchInterval: 30_000,
  });

export const youtubeQuotaQuery = () =>
  queryOptions({
    queryKey: adminKeys.youtubeQuota,
    queryFn: () => get(`${ADMIN_ROOT}/pipelines/quota`, youtubeQuotaSchema),
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
      apiRequestJson('PUT', `${ADMIN_ROOT}/users/${user.id}/role`, publicUserSchema, { role }),
    userChange,
  );

export const changeSubscriptionMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    ({ user, subscriptionStatus }: { user: PublicUser; subscriptionStatus: AdminSettableStatus }) =>
      apiRequestJson('PUT', `${ADMIN_ROOT}/users/${user.id}/subscription`, publicUserSchema, { subscriptionStatus }),
    userChange,
  );

export const deactivateUserMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) => apiRequestJson('PUT', `${ADMIN_ROOT}/users/${user.id}/deactivate`, publicUserSchema),
    userChange,
  );

export const deleteUserMutationOptions = (queryClient: QueryClient) =>
  adminChange(queryClient, (user: PublicUser) => apiSend('DELETE', `${ADMIN_ROOT}/users/${user.id}`), userChange);

/** POST /api/admin/users/{id}/extend-trial: a card-free trial gets 7 more days (audited on the server). */
export const TRIAL_EXTENSION_DAYS = 7;
export const extendTrialMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) =>
      apiRequestJson('POST', `${ADMIN_ROOT}/users/${user.id}/extend-trial`, publicUserSchema, {
        days: TRIAL_EXTENSION_DAYS,
      }),
    userChange,
  );

/** POST /api/admin/users/{id}/cancel-subscription (served by billing, through the payment provider). */
export const cancelSubscriptionMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (user: PublicUser) => apiSend('POST', `${ADMIN_ROOT}/users/${user.id}/cancel-subscription`),
    userChange,
  );

export const savePlatformSettingMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (input: { platform: string; settingType: string; values: string[] }) =>
      apiRequestJson('POST', `${ADMIN_ROOT}/platform-settings`, platformSettingSchema, input),
    [adminKeys.platformSettings],
  );

export const saveFormerSymbolsMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (renames: FormerSymbol[]) =>
      apiRequestJson('PUT', `${ADMIN_ROOT}/former-symbols`, formerSymbolsResponseSchema, { renames }),
    [adminKeys.formerSymbols],
  );

export const saveAmbiguousSymbolsMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (symbols: string[]) =>
      apiRequestJson('PUT', `${ADMIN_ROOT}/ambiguous-symbols`, ambiguousSymbolsResponseSchema, { symbols }),
    [adminKeys.ambiguousSymbols],
  );

export const startScanMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (platform: string) => apiRequestJson('POST', `${ADMIN_ROOT}/pipelines/scans`, startedRunSchema, { platform }),
    [adminKeys.pipelineRunsRoot],
  );

export const rerunMutationOptions = (queryClient: QueryClient) =>
  adminChange(
    queryClient,
    (run: { workflowId: string; runId: string }) =>
      apiRequestJson('POST', `${ADMIN_ROOT}/pipelines/reruns`, startedRunSchema, run),
    [adminKeys.pipelineRunsRoot],
  );

export const startRescoreMutationOptions = (queryClient: QueryClient) =>
  adminChange(queryClient, () => apiRequestJson('POST', `${ADMIN_ROOT}/pipelines/rescore`, startedRunSchema, {}), [
    adminKeys.rescore,
    adminKeys.pipelineRunsRoot,
  ]);
