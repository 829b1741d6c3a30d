import { Spinner } from './Spinner';

export function FullPageSpinner() {
  return <Spinner className="min-h-screen bg-slate-50 dark:bg-slate-950" />;
}
