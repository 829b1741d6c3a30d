import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import type { DeleteAccountInput, ProfileUpdateInput } from '@core/contracts/auth';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { apiRequest, apiSend } from '../../../lib/api';

export const DELETE_ACCOUNT_CONFIRMATION =
  'Are you sure you want to delete your account? This action cannot be undone.';
export const DELETE_ACCOUNT_PASSWORD_HINT =
  'Enter your current password to confirm: deleting an account needs it, as changing your e-mail or password does.';
export const EXPORT_FILE_NAME = 'stockpulse-data.json';

/** PATCH /api/user/profile, then the current user is re-read. */
export const updateProfileMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (input: ProfileUpdateInput) => {
      await apiSend('PATCH', '/api/user/profile', input);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });

/** DELETE /api/user/account {currentPassword}. The caller leaves the page and forgets the user (in that order: see DeleteAccountDialog). */
export const deleteAccountMutationOptions = () =>
  mutationOptions({
    mutationFn: async (input: DeleteAccountInput) => {
      await apiSend('DELETE', '/api/user/account', input);
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
