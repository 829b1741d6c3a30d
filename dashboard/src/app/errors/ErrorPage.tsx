import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';
import { buttonClasses } from '../../ui/buttonClasses';

export const ERROR_PAGE_TITLE = 'Something went wrong';

/**
 * What a visitor sees when a page fails to render or its code fails to load: a plain apology and two ways on, never
 * the error's message or stack (those go to the console). `homeLink` is a router link inside the router; the app's
 * root boundary, outside it, passes none and gets a plain link.
 */
export function ErrorPage({ homeLink }: { homeLink?: ReactNode }) {
  return (
    <Card role="alert" className="mx-4 my-16 p-8 text-center sm:mx-auto sm:max-w-md">
      <Icon name="alertTriangle" className="mx-auto h-10 w-10 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{ERROR_PAGE_TITLE}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        This page could not be shown. Reloading often helps; if it keeps happening, please try again later.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Reload the page
        </button>
        {homeLink ?? (
          <a href="/" className={buttonClasses('outline')}>
            Go to the home page
          </a>
        )}
      </div>
    </Card>
  );
}
