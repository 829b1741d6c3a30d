import { Link } from 'react-router-dom';
import { usePublicConfig } from '../config/publicConfig';
import { Disclaimer } from './Disclaimer';

const linkClasses =
  'text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 rounded dark:text-slate-400 dark:hover:text-white';

export function PublicFooter() {
  const { data: config } = usePublicConfig();
  const supportEmail = config?.supportEmail;

  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="grid gap-8 sm:grid-cols-3">
          <nav aria-label="Product">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Product</h2>
            <ul className="mt-3 space-y-2">
              <li><Link to="/features" className={linkClasses}>Features</Link></li>
              <li><Link to="/pricing" className={linkClasses}>Pricing</Link></li>
              <li><Link to="/dashboard" className={linkClasses}>Dashboard</Link></li>
            </ul>
          </nav>
          <nav aria-label="Resources">
            <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Resources</h2>
            <ul className="mt-3 space-y-2">
              <li><Link to="/blog" className={linkClasses}>Blog</Link></li>
              <li><Link to="/privacy" className={linkClasses}>Privacy Policy</Link></li>
              <li><Link to="/terms" className={linkClasses}>Terms of Service</Link></li>
            </ul>
          </nav>
          {supportEmail && (
            <nav aria-label="Company">
              <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Company</h2>
              <ul className="mt-3 space-y-2">
                <li><a href={`mailto:${supportEmail}`} className={linkClasses}>Contact</a></li>
                <li><a href={`mailto:${supportEmail}`} className={linkClasses}>Support</a></li>
              </ul>
            </nav>
          )}
        </div>
        <div className="space-y-2 border-t border-slate-200 pt-6 dark:border-slate-800">
          <Disclaimer />
          <p className="text-xs text-slate-500 dark:text-slate-400">© 2025 StockPulse. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
