import type { Middleware } from 'koa';
import { HttpError } from './httpError';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** Probes (a load balancer, an orchestrator) call health by address, not by the public name; they carry no session. */
const PROBE_PATHS = new Set(['/api/health', '/api/health/live']);

/** The host name of a Host header value (port dropped, IPv6 brackets kept, lower case). */
function hostNameOf(host: string): string {
  return host.toLowerCase().replace(/:\d*$/, '');
}

/**
 * Answers only requests addressed to this site: the host of PUBLIC_URL, or, when none is configured or the product runs
 * embedded on one machine, a loopback name (localhost, 127.0.0.1, [::1]) on any port. Any other Host (or, behind a
 * trusted proxy, X-Forwarded-Host) is 421 Misdirected Request, so links built from the request and the cross-origin
 * check, which compares Origin with the request's own host, cannot be steered by a forged Host.
 */
export function hostCheck(options: { publicHost?: string; allowLoopback: boolean }): Middleware {
  const publicHost = options.publicHost?.toLowerCase();
  return async (ctx, next) => {
    const host = ctx.host.toLowerCase();
    const allowed =
      (publicHost !== undefined && host === publicHost) ||
      (options.allowLoopback && LOOPBACK_NAMES.has(hostNameOf(host)));
    if (!allowed && !(PROBE_PATHS.has(ctx.path) && ctx.method === 'GET')) {
      throw new HttpError(
        421,
        `This server does not answer for the host ${JSON.stringify(host.slice(0, 100))}: use ${publicHost ?? 'localhost'}`,
      );
    }
    await next();
  };
}
