import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/** Frame of the signed-in pages (and the 404 page): nav bar, the verify-your-e-mail banner while needed, then the page. */
export function AppLayout() {
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-950">
      <NavBar />
      <VerifyEmailBanner />
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
