import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { publicPage, renderPublicPage } from './publicPageHtml';

/**
 * Serves the built dashboard; any other non-API GET gets index.html so deep links (/dashboard, /blog/x) load the SPA.
 * Public pages get their own title, description, Open Graph tags and readable content in that HTML.
 */
export function dashboardStatic(distDir: string): Middleware[] {
  const indexFile = path.join(distDir, 'index.html');
  const serveFiles = serve(distDir, { index: false, maxage: 0, gzip: true });
  // index.html is re-read only when the build changes it.
  let cached: { mtimeMs: number; html: string } | undefined;
  const readIndex = () => {
    const { mtimeMs } = fs.statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  const spaFallback: Middleware = async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body != null) return;
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return;
    if (!fs.existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The dashboard is not built yet. Run "npm run build".';
      return;
    }
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    const page = publicPage(ctx.path.replace(/\/+$/, '') || '/');
    ctx.body = page ? renderPublicPage(readIndex(), page) : fs.createReadStream(indexFile);
  };
  return [spaFallback, serveFiles];
}
