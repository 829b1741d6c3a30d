import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { ProfileUpdateInput } from '@core/contracts/auth';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { showToast } from '../../../app/toast/toastStore';
import { apiRequest, getErrorMessage } from '../../../lib/api';

export const DELETE_ACCOUNT_CONFIRMATION = 'Are you sure you want to delete your account? This action cannot be undone.';
export const EXPORT_FILE_NAME = 'stockpulse-data.json';

/** PATCH /api/user/profile, then refresh the current user. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdateInput) => {
      await apiRequest('PATCH', '/api/user/profile', input);
    },
    onSuccess: async () => {
      showToast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => {
      showToast({
        title: 'Update Failed',
        description: getErrorMessage(error, 'Failed to update profile. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** DELETE /api/user/account, then forget the user and go to the landing page. */
export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', '/api/user/account');
    },
    onSuccess: () => {
      // Render the landing page before forgetting the user, or the protected page's guard would
      // see "signed out" first and redirect to /auth.
      void navigate('/', { flushSync: true });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      showToast({ title: 'Account Deleted', description: 'Your account and data have been deleted.' });
    },
    onError: (error) => {
      showToast({
        title: 'Deletion Failed',
        description: getErrorMessage(error, 'Failed to delete account. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

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

/** GET /api/user/export and save it as stockpulse-data.json. */
export function useExportDataMutation() {
  return useMutation({
    mutationFn: async () => {
      const res = await apiRequest('GET', '/api/user/export');
      saveFile(new Blob([await res.text()], { type: 'application/json' }), EXPORT_FILE_NAME);
    },
    onError: (error) => {
      showToast({
        title: 'Download Failed',
        description: getErrorMessage(error, 'Failed to download your data. Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
