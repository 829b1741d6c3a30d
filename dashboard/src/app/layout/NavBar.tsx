import { Link, NavLink } from 'react-router-dom';
import { buttonClasses } from '../../ui/buttonClasses';
import { Icon } from '../../ui/Icon';
import { Logo } from '../../ui/Logo';
import { useCurrentUser } from '../session/useCurrentUser';
import { ThemeToggle } from '../theme/ThemeToggle';
import { navLinkClasses } from './navLinkClasses';
import { UserMenu } from './UserMenu';

/** Top navigation bar of the app pages. Below 768px the page links live in the user menu. */
export function NavBar() {
  const { user, isLoading, isAdmin } = useCurrentUser();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-6 sm:px-6 lg:px-8">
        <Logo />

        {user && (
          <div className="hidden items-center gap-1 md:flex">
            <NavLink to="/dashboard" className={navLinkClasses}>
              <Icon name="layoutDashboard" />
              Dashboard
            </NavLink>
            <NavLink to="/alerts" className={navLinkClasses}>
              <Icon name="bell" />
              Alerts
            </NavLink>
            {isAdmin && (
              <NavLink to="/admin" className={navLinkClasses}>
                <Icon name="shield" />
                Admin
              </NavLink>
            )}
          </div>
        )}

        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          {user && <UserMenu user={user} />}
          {!user && !isLoading && (
            <>
              <Link to="/auth" state={{ tab: 'login' }} className={buttonClasses('ghost', 'sm')}>
                Sign In
              </Link>
              <Link to="/auth" className={buttonClasses('primary', 'sm')}>
                Get Started
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
