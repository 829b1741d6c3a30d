import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { matchPath } from 'react-router-dom';
import { PAGES_DIR, type PagesManifest } from './pagesManifest';

/** Reads a file of the build, again only when the build has changed it. */
function cachedReader() {
  const cache = new Map<string, { mtimeMs: number; text: string }>();
  return (file: string): string => {
    const { mtimeMs } = fs.statSync(file);
    const hit = cache.get(file);
    if (hit?.mtimeMs === mtimeMs) return hit.text;
    const text = fs.readFileSync(file, 'utf8');
    cache.set(file, { mtimeMs, text });
    return text;
  };
}

/**
 * Serves the built dashboard. A GET for a public page gets its pre-rendered HTML (npm run build writes it to
 * dist/.pages); a path of the app (/dashboard, /admin…) gets the empty shell index.html, which the browser renders;
 * any other path gets the pre-rendered 404 page with status 404, so search engines see no soft 404s.
 */
export function dashboardStatic(distDir: string): Middleware[] {
  const pagesDir = path.join(distDir, PAGES_DIR);
  const serveFiles = serve(distDir, { index: false, maxage: 0, gzip: true });
  const read = cachedReader();

  const pages: Middleware = async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return;
    const manifestFile = path.join(pagesDir, 'manifest.json');
    if (!fs.existsSync(manifestFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The dashboard is not built yet. Run "npm run build".';
      return;
    }
    const manifest = JSON.parse(read(manifestFile)) as PagesManifest;
    const urlPath = ctx.path.replace(/\/+$/, '') || '/';
    const page = manifest.pages[urlPath];
    const isAppPath = manifest.appPaths.some((pattern) => matchPath({ path: pattern, end: true }, urlPath));
    ctx.status = page || isAppPath ? 200 : 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = read(
      page
        ? path.join(pagesDir, page)
        : isAppPath
          ? path.join(distDir, 'index.html')
          : path.join(pagesDir, manifest.notFound),
    );
  };
  return [pages, serveFiles];
}
