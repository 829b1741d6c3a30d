import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** POST /api/init-data: sent once when a signed-in user opens the dashboard; its result is not used. */
export function useInitDataMutation() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/init-data');
    },
  });
}
