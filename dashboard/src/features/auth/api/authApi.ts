import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '@core/contracts/auth';
import { publicUserSchema, type PublicUser } from '@core/contracts/user';
import { CURRENT_USER_QUERY_KEY } from '../../../app/session/currentUserQuery';
import { showToast, type ToastInput } from '../../../app/toast/toastStore';
import { apiRequestJson, getErrorMessage } from '../../../lib/api';

/** POST /api/register body (spec §7 leaves field names open; these match registerSchema). */
export interface RegisterRequest {
  email: string;
  password: string;
  confirmPassword: string;
  /** Optional; blank is sent as none. */
  username?: string;
}

export interface RegisterToasts {
  success: ToastInput;
  failureTitle: string;
  failureFallback: string;
}

/** Spec §8 "Register ok / fail". */
export const plainRegisterToasts: RegisterToasts = {
  success: { title: 'Success', description: 'Account created successfully!' },
  failureTitle: 'Registration failed',
  failureFallback: 'Registration failed. Please try again.',
};

/** Spec §8 sign-up completion and "Sign-up failure". */
export const signUpToasts: RegisterToasts = {
  success: { title: 'Welcome to StockPulse!', description: 'Your free trial has started. Welcome to the community!' },
  failureTitle: 'Account Creation Failed',
  failureFallback: 'Failed to create account',
};

/** Caches the user a login or registration returned, then re-reads it from the server. */
function useRememberUser() {
  const queryClient = useQueryClient();
  return async (body: unknown): Promise<void> => {
    const parsed = publicUserSchema.safeParse(body);
    if (parsed.success) {
      queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, parsed.data);
      // Not awaited: the caller may navigate while the refresh runs.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    } else {
      // An unexpected body: wait for the server's answer before the caller moves on.
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    }
  };
}

/** POST /api/login. The caller navigates on success. */
export function useLoginMutation() {
  const rememberUser = useRememberUser();
  return useMutation({
    mutationFn: (credentials: LoginInput) => apiRequestJson<unknown>('POST', '/api/login', credentials),
    onSuccess: async (user) => {
      showToast({ title: 'Success', description: 'Successfully logged in!' });
      await rememberUser(user);
    },
    onError: (error) => {
      showToast({ title: 'Login failed', description: getErrorMessage(error), variant: 'destructive' });
    },
  });
}

/** POST /api/register-with-trial body (spec §7): the account fields plus the confirmed card and its customer. */
export interface RegisterWithTrialRequest extends RegisterRequest {
  paymentMethodId: string;
  customerId: string;
}

/**
 * POST /api/register with the §8 register toasts, or the sign-up flow's own; with `url`
 * '/api/register-with-trial' it registers the card-on-file trial instead.
 */
export function useRegisterMutation<Input extends RegisterRequest = RegisterRequest>(
  toasts: RegisterToasts = plainRegisterToasts,
  url: '/api/register' | '/api/register-with-trial' = '/api/register',
) {
  const rememberUser = useRememberUser();
  return useMutation({
    mutationFn: (input: Input) => apiRequestJson<unknown>('POST', url, input),
    onSuccess: async (user) => {
      showToast(toasts.success);
      await rememberUser(user);
    },
    onError: (error) => {
      showToast({
        title: toasts.failureTitle,
        description: getErrorMessage(error, toasts.failureFallback),
        variant: 'destructive',
      });
    },
  });
}
