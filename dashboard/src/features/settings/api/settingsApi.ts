import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '@core/contracts/auth';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { apiRequest } from '../../../lib/api';

export const DELETE_ACCOUNT_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.';
export const EXPORT_FILE_NAME = 'stockpulse-data.json';

/** PATCH /api/user/profile, then the current user is re-read. */
export const updateProfileMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (input: ProfileUpdateInput) => {
      await apiRequest('PATCH', '/api/user/profile', input);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });

/** DELETE /api/user/account. The caller leaves the page and forgets the user (in that order: see SecurityTab). */
export const deleteAccountMutationOptions = () =>
  mutationOptions({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/user/account');
    },
  });

function saveFile(contents: Blob, fileName: string): void {
  const url = URL.createObjectURL(contents);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** GET /api/user/export, saved as stockpulse-data.json. */
export const exportDataMutationOptions = () =>
  mutationOptions({
    mutationFn: async () => {
      const res = await apiRequest('GET', '/api/user/export');
      saveFile(new Blob([await res.text()], { type: 'application/json' }), EXPORT_FILE_NAME);
    },
  });
