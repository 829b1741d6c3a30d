import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest, getErrorMessage } from '../../lib/api';
import { showToast } from '../toast/toastStore';
import { CURRENT_USER_QUERY_KEY } from './currentUserQuery';

/** POST /api/logout, then forget the user and go to the landing page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      // Render the landing page before forgetting the user, or the protected page's guard would
      // see "signed out" first and redirect to /auth.
      void navigate('/', { flushSync: true });
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
      showToast({ title: 'Success', description: 'Successfully logged out!' });
    },
    onError: (error) => {
      showToast({ title: 'Logout failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}
