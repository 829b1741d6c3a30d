import type { Context } from 'koa';
import { z } from 'zod';
import { loginSchema, profileUpdateSchema, registerSchema } from '../../core/contracts/auth';
import { successSchema } from '../../core/contracts/errors';
import { publicUserSchema } from '../../core/contracts/user';
import type { AccountService } from '../accounts/accountService';
import type { AuthRateLimits } from '../accounts/authRateLimits';
import type { SessionUser } from '../http/access';
import { HttpError } from '../http/httpError';
import { route } from '../http/routeTable';

const userExportSchema = z.object({ exportedAt: z.string(), user: publicUserSchema });
const userResponse = (description: string) => ({ description, schema: publicUserSchema });

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
    }, { summary: 'Create an account and sign in', body: registerSchema, responses: { 201: userResponse('The new user, signed in') }, errors: [409, 429] }),

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
    }, { summary: 'Sign in', body: loginSchema, responses: { 200: userResponse('The signed-in user') }, errors: [401, 429] }),

    // The redirect target after an unauthorised error (spec §2): the sign-in page.
    route('GET', '/api/login', 'public', async (ctx) => {
      ctx.redirect('/auth');
    }, { summary: 'Redirect to the sign-in page (/auth)', responses: { 302: { description: 'Redirect to /auth' } } }),

    route('POST', '/api/logout', 'public', async (ctx) => {
      ctx.session = null;
      ctx.body = { success: true };
    }, { summary: 'Sign out (ends the session on the server)', responses: { 200: { description: 'Signed out', schema: successSchema } } }),

    route('GET', '/api/user', 'user', async (ctx) => {
      ctx.body = await accounts.currentUser(currentUserId(ctx));
    }, { summary: 'The signed-in user', responses: { 200: userResponse('The signed-in user') } }),

    route('PATCH', '/api/user/profile', 'user', async (ctx) => {
      const input = profileUpdateSchema.parse(ctx.request.body ?? {});
      ctx.body = await accounts.updateProfile(currentUserId(ctx), input);
    }, { summary: 'Update profile and notification settings', body: profileUpdateSchema, responses: { 200: userResponse('The updated user') }, errors: [409] }),

    route('DELETE', '/api/user/account', 'user', async (ctx) => {
      await accounts.deleteAccount(currentUserId(ctx));
      ctx.session = null;
      ctx.body = { success: true };
    }, { summary: 'Delete the account and all its sessions (409 for the last active admin)', responses: { 200: { description: 'Deleted', schema: successSchema } }, errors: [409] }),

    route('GET', '/api/user/export', 'user', async (ctx) => {
      ctx.set('Content-Disposition', 'attachment; filename="stockpulse-data.json"');
      ctx.body = await accounts.exportData(currentUserId(ctx));
    }, { summary: 'Download My Data (JSON attachment)', responses: { 200: { description: 'The account data', schema: userExportSchema } } }),
  ];
}
