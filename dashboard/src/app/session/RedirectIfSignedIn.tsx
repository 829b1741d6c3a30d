import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../ui/FullPageSpinner';
import { useCurrentUser } from './useCurrentUser';

/**
 * /auth: a visitor who arrives signed in goes to /dashboard. The decision is taken once, when
 * the user check settles: signing up on the page itself caches the new user right away, and
 * the sign-up "Complete" step must stay visible for its 2-second redirect.
 */
export function RedirectIfSignedIn() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);

  if (arrivedSignedIn === null && !isLoading) setArrivedSignedIn(isAuthenticated);

  if (arrivedSignedIn === null) return <FullPageSpinner />;
  if (arrivedSignedIn) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
