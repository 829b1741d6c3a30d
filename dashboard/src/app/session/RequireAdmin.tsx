import { Navigate, Outlet } from 'react-router-dom';
import { FullPageSpinner } from '../../ui/FullPageSpinner';
import { useCurrentUser } from './useCurrentUser';

/** Admin pages: anyone who is not an admin (anonymous included) goes to /dashboard. */
export function RequireAdmin() {
  const { isLoading, isAdmin } = useCurrentUser();
  if (isLoading) return <FullPageSpinner />;
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
