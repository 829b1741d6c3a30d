import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import {
  deleteAccountSchema,
  forgotPasswordSchema,
  loginSchema,
  messageResponseSchema,
  passwordChangeSchema,
  phoneCodeSchema,
  profileUpdateSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '../../core/contracts/auth';
import { signUpAcceptedSchema, type SignUpAccepted, signUpAcceptedMessage } from '../../core/contracts/auth';
import { successSchema } from '../../core/contracts/errors';
import { publicUserSchema } from '../../core/contracts/user';
import { userExportSchema } from '../../core/contracts/userExport';
import type { AccountService } from '../accounts/accountService';
import type { AuthRateLimits } from '../accounts/authRateLimits';
import type { LoginSources } from '../accounts/loginSources';
import type { UserJobLimits } from '../services/userJobLimits';
import { route } from '../http/routeTable';
import { DAY_MS } from '../../core/timeWindows';

const userResponse = (description: string) => ({ description, schema: publicUserSchema });
const messageResponse = (description: string) => ({ description, schema: messageResponseSchema });

/** A long-lived random id per browser: sign-ins from a device the account used before skip the per-account slowdown. */
const DEVICE_COOKIE = 'sp.device';
const DEVICE_MAX_AGE_MS = 365 * DAY_MS;
/** Sign-up's one answer (plain and card), whatever became of the address. */
export const signUpAccepted = (email: string): SignUpAccepted => ({
  message: signUpAcceptedMessage(email.toLowerCase()),
  email: email.toLowerCase(),
});
const RESET_REQUESTED =
  'If an account uses that address, we sent it a link to choose a new password. The link works for 1 hour.';

/**
 * Signs the user in on a fresh session id (no session fixation). signedInAt also makes the session data differ from
 * what the request started with, so koa-session writes the new row even when the same user signs in again (after a
 * password change ended every session).
 */
export async function startSession(ctx: Context, userId: string): Promise<void> {
  ctx.session!.userId = userId;
  ctx.session!.signedInAt = Date.now();
  await ctx.session!.regenerate();
}

export interface AccountRouteDeps {
  accounts: AccountService;
  limits: AuthRateLimits;
  /** Limits the data export per user. */
  jobLimits: UserJobLimits;
  sources: LoginSources;
  /** Whether cookies carry Secure (the same rule as the session cookie). */
  secureCookies: boolean;
}

export function accountRoutes({ accounts, limits, jobLimits, sources, secureCookies }: AccountRouteDeps) {
  const deviceOf = (ctx: Context) => ctx.cookies.get(DEVICE_COOKIE, { signed: true }) || undefined;
  /** Remembers this address and browser as the user's, giving the browser its device id when it has none. */
  const rememberSource = async (ctx: Context, userId: string) => {
    let device = deviceOf(ctx);
    if (!device) {
      device = randomBytes(32).toString('base64url');
      ctx.cookies.set(DEVICE_COOKIE, device, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies,
        maxAge: DEVICE_MAX_AGE_MS,
      });
    }
    await sources.remember(userId, ctx.ip, device);
  };

  return [
    route(
      'POST',
      '/api/register',
      'public',
      async (ctx, { body: input }) => {
        await limits.consumeSignup(ctx.ip);
        await accounts.register(input);
        ctx.status = 202;
        ctx.body = signUpAccepted(input.email);
      },
      {
        summary:
          'Sign up: the same answer for a new and a taken address; a new one gets its verification link (the link finishes the sign-up and signs in), a taken one an e-mail to its owner',
        body: registerSchema,
        responses: { 202: { description: 'Check your e-mail to continue', schema: signUpAcceptedSchema } },
        errors: [409, 429],
      },
    ),

    route(
      'POST',
      '/api/login',
      'public',
      async (ctx, { body: input }) => {
        const email = input.email.toLowerCase();
        const userId = await accounts.userIdByEmail(email);
        const known = userId ? await sources.isKnown(userId, ctx.ip, deviceOf(ctx)) : false;
        // Counted before the password is checked: a burst sent at once is cut at the limit, not after every hash.
        await limits.consumeLoginAttempt(email, ctx.ip, known);
        const user = await accounts.authenticate(input);
        await limits.loginSucceeded(email, ctx.ip);
        await rememberSource(ctx, user.id);
        await startSession(ctx, user.id);
        ctx.body = user;
      },
      {
        summary: 'Sign in',
        body: loginSchema,
        responses: { 200: userResponse('The signed-in user') },
        errors: [401, 403, 429],
      },
    ),

    // The redirect target after an unauthorised error: the sign-in page.
    route(
      'GET',
      '/api/login',
      'public',
      async (ctx) => {
        ctx.redirect('/auth');
      },
      { summary: 'Redirect to the sign-in page (/auth)', responses: { 302: { description: 'Redirect to /auth' } } },
    ),

    route(
      'POST',
      '/api/logout',
      'public',
      async (ctx) => {
        ctx.session = null;
        ctx.body = { success: true };
      },
      {
        summary: 'Sign out (ends the session on the server)',
        responses: { 200: { description: 'Signed out', schema: successSchema } },
      },
    ),

    route(
      'GET',
      '/api/user',
      'user',
      async (ctx, { user }) => {
        ctx.body = await accounts.currentUser(user.id);
      },
      { summary: 'The signed-in user', responses: { 200: userResponse('The signed-in user') } },
    ),

    route(
      'PATCH',
      '/api/user/profile',
      'user',
      async (ctx, { body: input, user }) => {
        const id = user.id;
        ctx.body = await accounts.updateProfile(id, input, () => limits.consumeAction('emailChange', id, ctx.ip));
      },
      {
        summary:
          'Update profile and notification settings (absent fields unchanged; a new e-mail needs the password and its link)',
        body: profileUpdateSchema,
        responses: { 200: userResponse('The updated user') },
        errors: [429],
      },
    ),

    route(
      'POST',
      '/api/user/password',
      'user',
      async (ctx, { body: input, user }) => {
        const id = user.id;
        await accounts.changePassword(id, input);
        // Every session of the account ended with the change; this browser continues on a new one.
        await startSession(ctx, id);
        ctx.body = { message: 'Your password was changed. Other devices were signed out.' };
      },
      {
        summary: 'Change the password (current password required; ends the other sessions)',
        body: passwordChangeSchema,
        responses: { 200: messageResponse('Changed') },
        errors: [429],
      },
    ),

    route(
      'POST',
      '/api/user/email-verification',
      'user',
      async (ctx, { user }) => {
        const id = user.id;
        await limits.consumeAction('verification', id, ctx.ip);
        ctx.body = await accounts.resendVerification(id);
      },
      {
        summary: 'Send a new e-mail verification link',
        responses: { 200: messageResponse('Sent, or already verified') },
        errors: [429],
      },
    ),

    route(
      'POST',
      '/api/verify-email',
      'public',
      async (ctx, { body: { token } }) => {
        const { user, finishedSignup } = await accounts.verifyEmail(token);
        if (finishedSignup) {
          // The link finishes a sign-up: this browser continues signed in, and it becomes a known source of the account.
          await rememberSource(ctx, user.id);
          await startSession(ctx, user.id);
          ctx.body = { message: `${user.email} is verified and your account is ready. You are signed in.` };
          return;
        }
        ctx.body = { message: `${user.email} is verified. Alert e-mails will go to this address.` };
      },
      {
        summary: 'Confirm an e-mail address from its link (sign-up, which then signs in, or e-mail change)',
        body: verifyEmailSchema,
        responses: { 200: messageResponse('Verified') },
        errors: [409],
      },
    ),

    route(
      'POST',
      '/api/user/phone/code',
      'user',
      async (ctx, { user }) => {
        const id = user.id;
        await limits.consumeAction('phoneCode', id, ctx.ip);
        ctx.body = await accounts.sendPhoneCode(id);
      },
      {
        summary: 'Send a 6-digit verification code by SMS to the phone number in the profile',
        responses: { 200: messageResponse('Sent, or already verified') },
        errors: [400, 429],
      },
    ),

    route(
      'POST',
      '/api/user/phone/verify',
      'user',
      async (ctx, { body: { code }, user }) => {
        ctx.body = await accounts.verifyPhone(user.id, code);
      },
      {
        summary: 'Confirm the phone number with the code sent by SMS',
        body: phoneCodeSchema,
        responses: { 200: userResponse('The user, phone verified') },
      },
    ),

    route(
      'POST',
      '/api/password/forgot',
      'public',
      async (ctx, { body: { email } }) => {
        const address = email.toLowerCase();
        const userId = await accounts.userIdByEmail(address);
        // The owner (signed in, or from an address or device the account signed in from) is never limited by others' requests.
        const ownSource =
          userId !== undefined &&
          (ctx.state.user?.id === userId || (await sources.isKnown(userId, ctx.ip, deviceOf(ctx))));
        await limits.consumePasswordReset(address, ctx.ip, ownSource);
        await accounts.requestPasswordReset(email);
        ctx.body = { message: RESET_REQUESTED };
      },
      {
        summary: 'Send a password reset link (the answer is the same whether or not the account exists)',
        body: forgotPasswordSchema,
        responses: { 200: messageResponse('Requested') },
        errors: [429],
      },
    ),

    route(
      'POST',
      '/api/password/reset',
      'public',
      async (ctx, { body: input }) => {
        await accounts.resetPassword(input);
        ctx.body = {
          message: 'Your password was changed and every session signed out. Sign in with the new password.',
        };
      },
      {
        summary: 'Set a new password from a reset link (single use, 1 hour; ends every session)',
        body: resetPasswordSchema,
        responses: { 200: messageResponse('Changed') },
        errors: [429],
      },
    ),

    route(
      'DELETE',
      '/api/user/account',
      'user',
      async (ctx, { body: { currentPassword }, user }) => {
        await accounts.deleteAccount(user.id, currentPassword);
        ctx.session = null;
        ctx.body = { success: true };
      },
      {
        summary: 'Delete the account and all its sessions (current password required; 409 for the last active admin)',
        body: deleteAccountSchema,
        responses: { 200: { description: 'Deleted', schema: successSchema } },
        errors: [409],
      },
    ),

    route(
      'GET',
      '/api/user/export',
      'user',
      async (ctx, { user }) => {
        await jobLimits.consume('export', user);
        ctx.set('Content-Disposition', 'attachment; filename="stockpulse-data.json"');
        ctx.body = await accounts.exportData(user.id);
      },
      {
        summary: 'Download My Data (JSON attachment; 5 per user per hour)',
        responses: { 200: { description: 'The account data', schema: userExportSchema } },
        errors: [429],
      },
    ),
  ];
}
