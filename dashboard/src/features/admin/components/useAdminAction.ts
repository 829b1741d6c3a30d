import { useMutation, useQueryClient, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { errorToast } from '../../../app/toast/errorToast';
import { showToast, type ToastInput } from '../../../app/toast/showToast';

/**
 * An admin change with the admin's toasts: on success `success` (a title, or a toast made from the result and the
 * input), on failure the `failure` title with the server's message.
 */
export function useAdminAction<TInput, TResult>(
  options: (queryClient: QueryClient) => UseMutationOptions<TResult, Error, TInput>,
  success: string | ((result: TResult, input: TInput) => ToastInput),
  failure: string,
) {
  return useMutation({
    ...options(useQueryClient()),
    onSuccess: (result, input) => showToast(typeof success === 'string' ? { title: success } : success(result, input)),
    onError: errorToast(failure),
  });
}
