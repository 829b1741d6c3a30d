import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Toaster } from '../toast/Toaster';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <Toaster />
    </>
  );
}
