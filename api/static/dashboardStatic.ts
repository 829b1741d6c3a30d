import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** Serves the built dashboard; any other non-API GET gets index.html so deep links (/dashboard, /blog/x) load the SPA. */
export function dashboardStatic(distDir: string): Middleware[] {
  const indexFile = path.join(distDir, 'index.html');
  const serveFiles = serve(distDir, { index: false, maxage: 0, gzip: true });
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
    ctx.body = fs.createReadStream(indexFile);
  };
  return [spaFallback, serveFiles];
}
