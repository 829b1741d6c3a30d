import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../ui/FullPageSpinner';
import { useCurrentUser } from './useCurrentUser';

/** Signed-in pages: a spinner while the user loads, then the page or a redirect to /auth. */
export function RequireAuth() {
  const { isLoading, isAuthenticated } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (!isAuthenticated) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
