import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, createdApiKeySchema } from '@core/contracts/apiKeys';
import { apiSend, apiRequestJson, getQueryFn } from '../../../lib/api';

export const API_KEYS_URL = '/api/api-keys';

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: [API_KEYS_URL], queryFn: getQueryFn({ on401: 'throw', schema: apiKeyListSchema }) });

/** Every key change refreshes the list, inside the mutation so no caller can drop it. */
function keyChange<TInput, TResult>(queryClient: QueryClient, send: (input: TInput) => Promise<TResult>) {
  return mutationOptions({
    mutationFn: async (input: TInput) => {
      try {
        return await send(input);
      } finally {
        void queryClient.invalidateQueries({ queryKey: [API_KEYS_URL] });
      }
    },
  });
}

export const createApiKeyMutationOptions = (queryClient: QueryClient) =>
  keyChange(queryClient, (name: string) => apiRequestJson('POST', API_KEYS_URL, createdApiKeySchema, { name }));
export const revokeApiKeyMutationOptions = (queryClient: QueryClient) =>
  keyChange(queryClient, (id: number) => apiSend('DELETE', `${API_KEYS_URL}/${id}`));
