import { Outlet } from 'react-router-dom';
import { JsonLd } from '../../ui/JsonLd';
import { SITE_NAME, SITE_URL } from '../usePageMeta';
import { PublicFooter } from './PublicFooter';
import { PublicHeader } from './PublicHeader';

/** Frame of the public marketing, legal and blog pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-white dark:bg-slate-950">
      <PublicHeader />
      <main className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
      <JsonLd data={{ '@type': 'Organization', name: SITE_NAME, url: SITE_URL, logo: `${SITE_URL}/favicon.svg` }} />
    </div>
  );
}
