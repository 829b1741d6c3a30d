import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router-dom';
import { App } from './app/App';
import { appRoutes } from './app/routes';
import { initTheme } from './app/theme/themeStore';
import './index.css';

initTheme();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * Public pages arrive pre-rendered (scripts/buildDashboard.ts): their lazy page chunks are loaded before hydrating so
 * the first client render matches the HTML. The app's pages arrive as an empty shell and render from scratch.
 */
async function start(root: HTMLElement): Promise<void> {
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
    return;
  }
  const lazyMatches = (matchRoutes(appRoutes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  hydrateRoot(root, app);
}

void start(rootElement);
