import { Link } from 'react-router-dom';
import { Icon } from './Icon';

/** The StockPulse mark; links to the landing page. */
export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-white"
    >
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-blue-600 text-white">
        <Icon name="activity" className="h-5 w-5" />
      </span>
      StockPulse
    </Link>
  );
}
