import { Link } from 'react-router-dom';
import { buttonClasses } from '../../ui/buttonClasses';
import { Logo } from '../../ui/Logo';
import { useCurrentUser } from '../session/useCurrentUser';
import { ThemeToggle } from '../theme/ThemeToggle';

const linkClasses =
  'rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none ' +
  'focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-slate-300 dark:hover:text-white';

/**
 * Header of the public pages: Features, Pricing, Blog, theme, and Sign In, or the way into the app for a signed-in
 * visitor. The pre-rendered HTML (no session) shows Sign In; the session replaces it once it loads.
 */
export function PublicHeader() {
  const { user } = useCurrentUser();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      {/* One set of links: on phones they wrap onto a second row under the logo. */}
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:h-16 sm:flex-nowrap sm:px-6 lg:px-8"
      >
        <div className="flex h-16 items-center">
          <Logo />
        </div>
        <div className="order-last flex w-full items-center gap-3 pb-3 sm:order-none sm:ml-auto sm:w-auto sm:pb-0">
          <Link to="/features" className={linkClasses}>
            Features
          </Link>
          <Link to="/pricing" className={linkClasses}>
            Pricing
          </Link>
          <Link to="/blog" className={linkClasses}>
            Blog
          </Link>
        </div>
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <ThemeToggle />
          {user ? (
            <Link to="/dashboard" className={buttonClasses('primary', 'sm')}>
              Dashboard
            </Link>
          ) : (
            <Link to="/auth" state={{ tab: 'login' }} className={buttonClasses('primary', 'sm')}>
              Sign In
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
