import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { signUpAcceptedSchema, type LoginInput, type SignUpAccepted } from '@core/contracts/auth';
import { publicUserSchema, type PublicUser } from '@core/contracts/user';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { apiRequestJson } from '../../../lib/api';

/** POST /api/register body (the fields of registerSchema). */
export interface RegisterRequest {
  email: string;
  password: string;
  confirmPassword: string;
  /** Optional; blank is sent as none. */
  username?: string;
}

/** POST /api/register-with-trial body: the account fields plus the confirmed card and its customer. */
export interface RegisterWithTrialRequest extends RegisterRequest {
  paymentMethodId: string;
  customerId: string;
}

/** Caches the user a login returned, then re-reads it from the server. */
function rememberUser(queryClient: QueryClient, user: PublicUser): void {
  queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, user);
  // Not awaited: the caller may navigate while the refresh runs.
  void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
}

/** POST /api/login, then the signed-in user is the current user. The caller navigates on success. */
export const loginMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: async (credentials: LoginInput) =>
      rememberUser(queryClient, await apiRequestJson('POST', '/api/login', publicUserSchema, credentials)),
  });

/**
 * POST /api/register, or with '/api/register-with-trial' the card-on-file trial. The server answers the same for a
 * new and a taken address ("check your e-mail to continue") and signs nobody in: the e-mailed link finishes the
 * sign-up and signs in, so the caller shows the answer and stays signed out.
 */
export const registerMutationOptions = <Input extends RegisterRequest>(
  url: '/api/register' | '/api/register-with-trial',
) =>
  mutationOptions({
    mutationFn: (input: Input): Promise<SignUpAccepted> => apiRequestJson('POST', url, signUpAcceptedSchema, input),
  });
