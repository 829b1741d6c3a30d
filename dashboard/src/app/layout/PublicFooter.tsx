import { Link } from 'react-router-dom';
import { useSupportEmail } from '../../features/public/useSupportEmail';
import { Logo } from '../../ui/Logo';
import { Disclaimer } from './Disclaimer';

const linkClasses =
  'rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-slate-300 dark:hover:text-white';

const headingClasses = 'text-sm font-semibold text-slate-900 dark:text-white';

/** Footer of every public page: Product, Resources, Company links, disclaimer, copyright 2025. */
export function PublicFooter() {
  const supportEmail = useSupportEmail();

  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-300">
              Social media stock monitoring: mentions, sentiment and trends from Reddit, Twitter and YouTube.
            </p>
          </div>
          <nav aria-label="Product">
            <h2 className={headingClasses}>Product</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/features" className={linkClasses}>
                  Features
                </Link>
              </li>
              <li>
                <Link to="/pricing" className={linkClasses}>
                  Pricing
                </Link>
              </li>
              <li>
                <Link to="/dashboard" className={linkClasses}>
                  Dashboard
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Resources">
            <h2 className={headingClasses}>Resources</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <Link to="/blog" className={linkClasses}>
                  Blog
                </Link>
              </li>
              <li>
                <Link to="/privacy" className={linkClasses}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms" className={linkClasses}>
                  Terms of Service
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Company">
            <h2 className={headingClasses}>Company</h2>
            <ul className="mt-3 space-y-2">
              <li>
                <a href={`mailto:${supportEmail}`} className={linkClasses}>
                  Contact
                </a>
              </li>
              <li>
                <a href={`mailto:${supportEmail}`} className={linkClasses}>
                  Support
                </a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-6 dark:border-slate-800">
          <Disclaimer />
          <p className="text-xs text-slate-600 dark:text-slate-400">© 2025 StockPulse. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
