import type { PublicUser } from '@core/contracts/user';
import { useCurrentUser } from './useCurrentUser';

/** The current user on pages behind RequireAuth, where a user is guaranteed. */
export function useSignedInUser(): PublicUser {
  const { user } = useCurrentUser();
  if (!user) throw new Error('useSignedInUser is only for pages behind RequireAuth');
  return user;
}
