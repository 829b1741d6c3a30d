import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@core/contracts/user';
import { currentUserQueryOptions } from './currentUserQuery';

export interface CurrentUserState {
  /** null when signed out, or when the user check failed. */
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

export function useCurrentUser(): CurrentUserState {
  const { data, isLoading } = useQuery(currentUserQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, isAdmin: user?.role === 'admin' };
}
