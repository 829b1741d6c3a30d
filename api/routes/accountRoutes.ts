import type { Context } from 'koa';
import { loginSchema, profileUpdateSchema, registerSchema } from '../../core/contracts/auth';
import type { AccountService } from '../accounts/accountService';
import type { AuthRateLimits } from '../accounts/authRateLimits';
import type { SessionUser } from '../http/access';
import { HttpError } from '../http/httpError';
import { route } from '../http/routeTable';

const currentUserId = (ctx: Context) => (ctx.state.user as SessionUser).id;

/** Signs the user in on a fresh session id (no session fixation). */
export async function startSession(ctx: Context, userId: string): Promise<void> {
  ctx.session!.userId = userId;
  await ctx.session!.regenerate();
}

export function accountRoutes(accounts: AccountService, limits: AuthRateLimits) {
  return [
    route('POST', '/api/register', 'public', async (ctx) => {
      const input = registerSchema.parse(ctx.request.body ?? {});
      await limits.consumeSignup(ctx.ip);
      const user = await accounts.register(input);
      await startSession(ctx, user.id);
      ctx.status = 201;
      ctx.body = user;
    }),

    route('POST', '/api/login', 'public', async (ctx) => {
      const input = loginSchema.parse(ctx.request.body ?? {});
      const email = input.email.toLowerCase();
      await limits.assertLoginAllowed(email, ctx.ip);
      try {
        const user = await accounts.authenticate(input);
        await limits.recordLoginSuccess(email);
        await startSession(ctx, user.id);
        ctx.body = user;
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) await limits.recordLoginFailure(email, ctx.ip);
        throw err;
      }
    }),

    // The redirect target after an unauthorised error (spec §2): the sign-in page.
    route('GET', '/api/login', 'public', async (ctx) => {
      ctx.redirect('/auth');
    }),

    route('POST', '/api/logout', 'public', async (ctx) => {
      ctx.session = null;
      ctx.body = { success: true };
    }),

    route('GET', '/api/user', 'user', async (ctx) => {
      ctx.body = await accounts.currentUser(currentUserId(ctx));
    }),

    route('PATCH', '/api/user/profile', 'user', async (ctx) => {
      const input = profileUpdateSchema.parse(ctx.request.body ?? {});
      ctx.body = await accounts.updateProfile(currentUserId(ctx), input);
    }),

    route('DELETE', '/api/user/account', 'user', async (ctx) => {
      await accounts.deleteAccount(currentUserId(ctx));
      ctx.session = null;
      ctx.body = { success: true };
    }),

    route('GET', '/api/user/export', 'user', async (ctx) => {
      ctx.set('Content-Disposition', 'attachment; filename="stockpulse-data.json"');
      ctx.body = await accounts.exportData(currentUserId(ctx));
    }),
  ];
}
