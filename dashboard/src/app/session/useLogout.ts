import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiSend } from '../../lib/api';
import { errorToast } from '../toast/errorToast';
import { showToast } from '../toast/showToast';
import { CURRENT_USER_QUERY_KEY } from './currentUserQuery';

/** POST /api/logout. */
export const logoutMutationOptions = () =>
  mutationOptions({
    mutationFn: async () => {
      await apiSend('POST', '/api/logout');
    },
  });

/** Signs out, then forgets the user and goes to the landing page, with the logout toasts. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    ...logoutMutationOptions(),
    onSuccess: () => {
      // Render the landing page before forgetting the user, or the protected page's guard would
      // see "signed out" first and redirect to /auth.
      void navigate('/', { flushSync: true });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      showToast({ title: 'Success', description: 'Successfully logged out!' });
    },
    onError: errorToast('Logout failed'),
  });
}
