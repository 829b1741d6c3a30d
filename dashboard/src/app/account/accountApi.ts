import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@core/contracts/auth';
import { CURRENT_USER_QUERY_KEY } from '../session/currentUserQuery';
import { showToast } from '../toast/toastStore';
import { apiRequestJson, getErrorMessage, type HttpMethod } from '../../lib/api';

/**
 * One account call that answers {message}: the message is toasted (or shown by the caller), the current user is
 * re-read (verification state, pending e-mail), and a failure is toasted with the server's message.
 */
function useAccountCall<Input>(method: HttpMethod, url: string, failureTitle: string, options: { toastSuccess?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => messageResponseSchema.parse(await apiRequestJson<unknown>(method, url, input)).message,
    onSuccess: async (message) => {
      if (options.toastSuccess !== false) showToast({ title: 'Done', description: message });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => showToast({ title: failureTitle, description: getErrorMessage(error), variant: 'destructive' }),
  });
}

export const useForgotPassword = () => useAccountCall<{ email: string }>('POST', '/api/password/forgot', 'Request failed', { toastSuccess: false });
export const useResetPassword = () => useAccountCall<{ token: string; password: string; confirmPassword: string }>('POST', '/api/password/reset', 'Password not changed', { toastSuccess: false });
export const useVerifyEmail = () => useAccountCall<{ token: string }>('POST', '/api/verify-email', 'Verification failed', { toastSuccess: false });
export const useResendVerification = () => useAccountCall<void>('POST', '/api/user/email-verification', 'Link not sent');
export const useChangePassword = () => useAccountCall<{ currentPassword: string; newPassword: string; confirmPassword: string }>('POST', '/api/user/password', 'Password not changed');
export const useSendPhoneCode = () => useAccountCall<void>('POST', '/api/user/phone/code', 'Code not sent');

/** POST /api/user/phone/verify answers the user; the phone badge updates from the re-read user. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { code: string }) => apiRequestJson<unknown>('POST', '/api/user/phone/verify', input),
    onSuccess: async () => {
      showToast({ title: 'Phone verified', description: 'SMS alerts will go to this number.' });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
    onError: (error) => showToast({ title: 'Phone not verified', description: getErrorMessage(error), variant: 'destructive' }),
  });
}
