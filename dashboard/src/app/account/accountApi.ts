import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@core/contracts/auth';
import { publicUserSchema } from '@core/contracts/user';
import { apiRequestJson, type HttpMethod } from '../../lib/api';
import { CURRENT_USER_QUERY_KEY } from '../session/currentUserQuery';

/**
 * One account call that answers `{message}` (for the caller to show), after re-reading the current user (verification
 * state, pending e-mail).
 */
function accountCall<Input>(queryClient: QueryClient, method: HttpMethod, url: string) {
  return mutationOptions({
    mutationFn: async (input: Input): Promise<string> => {
      const { message } = await apiRequestJson(method, url, messageResponseSchema, input);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      return message;
    },
  });
}

export const forgotPasswordMutationOptions = (queryClient: QueryClient) =>
  accountCall<{ email: string }>(queryClient, 'POST', '/api/password/forgot');
export const resetPasswordMutationOptions = (queryClient: QueryClient) =>
  accountCall<{ token: string; password: string; confirmPassword: string }>(queryClient, 'POST', '/api/password/reset');
export const verifyEmailMutationOptions = (queryClient: QueryClient) =>
  accountCall<{ token: string }>(queryClient, 'POST', '/api/verify-email');
export const resendVerificationMutationOptions = (queryClient: QueryClient) =>
  accountCall<void>(queryClient, 'POST', '/api/user/email-verification');
export const changePasswordMutationOptions = (queryClient: QueryClient) =>
  accountCall<{ currentPassword: string; newPassword: string; confirmPassword: string }>(
    queryClient,
    'POST',
    '/api/user/password',
  );
export const sendPhoneCodeMutationOptions = (queryClient: QueryClient) =>
  accountCall<void>(queryClient, 'POST', '/api/user/phone/code');
/** POST /api/user/phone/verify answers the user, not a message: the phone badge updates from the re-read user. */
export const verifyPhoneMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (input: { code: string }) => {
      await apiRequestJson('POST', '/api/user/phone/verify', publicUserSchema, input);
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    },
  });
