import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutcomeDistribution } from '@core/contracts/alertOutcomes';
import type {
  AdminStats,
  AdminSubscriptionFilter,
  AdminUsersResponse,
  PipelineRunsResponse,
  PlatformSetting,
  StartedRun,
  YouTubeQuota,
  adminSettableStatuses,
} from '@core/contracts/admin';
import { ADMIN_USERS_PAGE_SIZE } from '@core/contracts/admin';
import type { AmbiguousSymbols } from '@core/contracts/ambiguousSymbols';
import type { FormerSymbol, FormerSymbols } from '@core/contracts/formerSymbols';
import type { PublicUser, Role } from '@core/contracts/user';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequestJson, getErrorMessage } from '../../../lib/api';

export type AdminSettableStatus = (typeof adminSettableStatuses)[number];

/** The User Management filters (spec §2); "all" sends no filter. */
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
  ambiguousSymbols: ['/api/admin/ambiguous-symbols'] as const,
  formerSymbols: ['/api/admin/former-symbols'] as const,
  pipelineRuns: (filters: PipelineFilters) => ['/api/admin/pipelines/runs', filters] as const,
  pipelineRunsRoot: ['/api/admin/pipelines/runs'] as const,
  youtubeQuota: ['/api/admin/pipelines/quota'] as const,
  alertOutcomes: ['/api/admin/alert-outcomes'] as const,
};

export function usersUrl(filters: UserFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(ADMIN_USERS_PAGE_SIZE) });
  if (filters.subscriptionStatus !== 'all') params.set('subscriptionStatus', filters.subscriptionStatus);
  if (filters.role !== 'all') params.set('role', filters.role);
  if (filters.search.trim()) params.set('search', filters.search.trim());
  return `${ADMIN_ROOT}/users?${params.toString()}`;
}

const get = async <T>(url: string) => (await apiRequestJson<T>('GET', url)) as T;

export const alertOutcomesQuery = () => queryOptions({ queryKey: adminKeys.alertOutcomes, queryFn: () => get<OutcomeDistribution>(`${ADMIN_ROOT}/alert-outcomes`) });
export const adminStatsQuery = () => queryOptions({ queryKey: adminKeys.stats, queryFn: () => get<AdminStats>(`${ADMIN_ROOT}/stats`) });

export const adminUsersQuery = (filters: UserFilters) =>
  queryOptions({ queryKey: adminKeys.users(filters), queryFn: () => get<AdminUsersResponse>(usersUrl(filters)), placeholderData: keepPreviousData });

export const platformSettingsQuery = () =>
  queryOptions({ queryKey: adminKeys.platformSettings, queryFn: () => get<PlatformSetting[]>(`${ADMIN_ROOT}/platform-settings`) });

export const ambiguousSymbolsQuery = () =>
  queryOptions({ queryKey: adminKeys.ambiguousSymbols, queryFn: () => get<AmbiguousSymbols>(`${ADMIN_ROOT}/ambiguous-symbols`) });

export const formerSymbolsQuery = () => queryOptions({ queryKey: adminKeys.formerSymbols, queryFn: () => get<FormerSymbols>(`${ADMIN_ROOT}/former-symbols`) });

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
export const youtubeQuotaQuery = () => queryOptions({ queryKey: adminKeys.youtubeQuota, queryFn: () => get<YouTubeQuota>(`${ADMIN_ROOT}/pipelines/quota`), refetchInterval: 10_000 });

/** A mutation with the spec §8 toasts: success title, or the failure title with the error message. */
function useAdminMutation<TInput, TResult>(options: {
  mutationFn: (input: TInput) => Promise<TResult>;
  success: string | ((result: TResult, input: TInput) => { title: string; description?: string });
  failure: string;
  invalidate: ReadonlyArray<readonly unknown[]>;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, input) => {
      showToast(typeof options.success === 'string' ? { title: options.success } : options.success(result, input));
      await Promise.all(options.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => showToast({ title: options.failure, description: getErrorMessage(error), variant: 'destructive' }),
  });
}

const userChange = [adminKeys.usersRoot, adminKeys.stats] as const;
const label = (user: Pick<PublicUser, 'email'>) => user.email;

export function useChangeRole() {
  return useAdminMutation({
    mutationFn: ({ user, role }: { user: PublicUser; role: Role }) => apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/role`, { role }),
    success: (_, { user, role }) => ({ title: 'Role updated', description: `${label(user)} is now ${role === 'admin' ? 'an admin' : 'a user'}.` }),
    failure: 'Failed to update role',
    invalidate: userChange,
  });
}

export function useChangeSubscription() {
  return useAdminMutation({
    mutationFn: ({ user, subscriptionStatus }: { user: PublicUser; subscriptionStatus: AdminSettableStatus }) =>
      apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/subscription`, { subscriptionStatus }),
    success: (_, { user, subscriptionStatus }) => ({ title: 'Subscription updated', description: `${label(user)}: ${subscriptionStatus}.` }),
    failure: 'Failed to update subscription',
    invalidate: userChange,
  });
}

export function useDeactivateUser() {
  return useAdminMutation({
    mutationFn: (user: PublicUser) => apiRequestJson<PublicUser>('PUT', `${ADMIN_ROOT}/users/${user.id}/deactivate`),
    success: (_, user) => ({ title: 'User deactivated', description: `${label(user)} can no longer sign in.` }),
    failure: 'Failed to deactivate user',
    invalidate: userChange,
  });
}

export function useDeleteUser() {
  return useAdminMutation({
    mutationFn: (user: PublicUser) => apiRequestJson<unknown>('DELETE', `${ADMIN_ROOT}/users/${user.id}`),
    success: (_, user) => ({ title: 'User deleted', description: `${label(user)} was deleted permanently.` }),
    failure: 'Failed to delete user',
    invalidate: userChange,
  });
}

/** POST /api/admin/users/{id}/extend-trial: a card-free trial gets 7 more days (audited on the server). */
export const TRIAL_EXTENSION_DAYS = 7;
export function useExtendTrial() {
  return useAdminMutation({
    mutationFn: (user: PublicUser) => apiRequestJson<PublicUser>('POST', `${ADMIN_ROOT}/users/${user.id}/extend-trial`, { days: TRIAL_EXTENSION_DAYS }),
    success: (_, user) => ({ title: 'Trial extended', description: `${label(user)} has ${TRIAL_EXTENSION_DAYS} more days of trial.` }),
    failure: 'Failed to extend trial',
    invalidate: userChange,
  });
}

/** Spec §7: POST /api/admin/users/{id}/cancel-subscription (served by billing, through the payment provider). */
export function useCancelSubscription() {
  return useAdminMutation({
    mutationFn: (user: PublicUser) => apiRequestJson<unknown>('POST', `${ADMIN_ROOT}/users/${user.id}/cancel-subscription`),
    success: (_, user) => ({ title: 'Subscription cancelled', description: `${label(user)} keeps access until the billing period ends.` }),
    failure: 'Failed to cancel subscription',
    invalidate: userChange,
  });
}

export function useSavePlatformSetting() {
  return useAdminMutation({
    mutationFn: (input: { platform: string; settingType: string; values: string[] }) => apiRequestJson<PlatformSetting>('POST', `${ADMIN_ROOT}/platform-settings`, input),
    success: (_, input) => ({ title: 'Settings updated', description: `${input.platform} ${input.settingType} saved.` }),
    failure: 'Failed to update settings',
    invalidate: [adminKeys.platformSettings],
  });
}

export function useSaveFormerSymbols() {
  return useAdminMutation({
    mutationFn: (renames: FormerSymbol[]) => apiRequestJson<FormerSymbols>('PUT', `${ADMIN_ROOT}/former-symbols`, { renames }),
    success: 'Former symbols updated',
    failure: 'Failed to update the former symbols',
    invalidate: [adminKeys.formerSymbols],
  });
}

export function useSaveAmbiguousSymbols() {
  return useAdminMutation({
    mutationFn: (symbols: string[]) => apiRequestJson<AmbiguousSymbols>('PUT', `${ADMIN_ROOT}/ambiguous-symbols`, { symbols }),
    success: 'Ambiguity list updated',
    failure: 'Failed to update the ambiguity list',
    invalidate: [adminKeys.ambiguousSymbols],
  });
}

export function useStartScan() {
  return useAdminMutation({
    mutationFn: (platform: string) => apiRequestJson<StartedRun>('POST', `${ADMIN_ROOT}/pipelines/scans`, { platform }) as Promise<StartedRun>,
    success: (run) => ({ title: 'Scan started', description: run.workflowId }),
    failure: 'Failed to start scan',
    invalidate: [adminKeys.pipelineRunsRoot],
  });
}

export function useRerun() {
  return useAdminMutation({
    mutationFn: (run: { workflowId: string; runId: string }) => apiRequestJson<StartedRun>('POST', `${ADMIN_ROOT}/pipelines/reruns`, run) as Promise<StartedRun>,
    success: (run) => ({ title: 'Run started again', description: run.workflowId }),
    failure: 'Failed to re-run',
    invalidate: [adminKeys.pipelineRunsRoot],
  });
}
