import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

describe('an account from sign-up to deletion, in the browser', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'e2e-password-1';

  /** The link in the newest captured e-mail to the address with this subject, read from the admin's outbox. */
  const linkInOutbox = async (
    to: string,
    subject: string,
    pattern = /(https?:\/\/\S+token=[A-Za-z0-9_-]+)/,
  ): Promise<string> => {
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: inject('adminEmail'), password: inject('adminPassword') }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    for (let attempt = 0; attempt < 50; attempt++) {
      const outbox = (await (
        await fetch(`${baseUrl}/api/admin/outbox?limit=100`, { headers: { Cookie: cookie } })
      ).json()) as { messages: Array<{ to: string[]; subject: string; text: string }> };
      const mail = outbox.messages.find((m) => m.to.includes(to) && m.subject === subject);
      if (mail) return pattern.exec(mail.text)![1]!.replace(/^https?:\/\/[^/]+/, baseUrl);
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no "${subject}" e-mail to ${to}`);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => browser?.close());

  /** Opens the user menu (a disclosure panel) and returns it. */
  const openUserMenu = async () => {
    const trigger = page.getByRole('button', { name: 'User menu' });
    await trigger.click();
    return page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
  };

  it('shows the validation messages for bad sign-up input', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByLabel('Confirm password').fill('456');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Invalid email address').waitFor();
    await page.getByText('Password must be at least 6 characters').waitFor();
  });

  it('signs up, is asked to check the e-mail, and its link finishes the account and lands signed in with the free trial', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    await page.getByText(`We sent a message to ${email}.`).waitFor();
    await screenshot(page, 'signup-check-email');
    // Not signed in until the link is opened.
    expect((await page.request.get(`${baseUrl}/api/user`)).status()).toBe(401);

    await page.goto(await linkInOutbox(email, 'Verify your StockPulse e-mail address'));
    await page.getByText(`${email} is verified and your account is ready. You are signed in.`).waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 });
    const menu = await openUserMenu();
    await menu.getByText('Free Trial Active').waitFor();
    expect(await menu.getByText(/^Ends /).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Manage Subscription' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Send Test Email' }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Verify your e-mail address to receive alerts.').count()).toBe(0);
    await screenshot(page, 'dashboard-after-signup');
  });

  it('signing up again with the same address gives the same answer, and the owner is told by e-mail', async () => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(`${baseUrl}/auth`);
    await other.getByLabel('Email').fill(email.toUpperCase());
    await other.getByLabel('Password', { exact: true }).fill('someone-elses-password');
    await other.getByLabel('Confirm password').fill('someone-elses-password');
    await other.getByRole('button', { name: 'Create Account' }).click();
    await other.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
    await other.getByText(`We sent a message to ${email}.`).waitFor();
    await context.close();
    const signIn = await linkInOutbox(
      email,
      'Someone tried to sign up with your StockPulse address',
      /(https?:\/\/\S+\/auth)\b/,
    );
    expect(signIn).toBe(`${baseUrl}/auth`);
  });

  it('resets a forgotten password from /auth through the e-mailed link', async () => {
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If an account uses that address, we sent it a link').waitFor();
    await page.goto(await linkInOutbox(email, 'Reset your StockPulse password'));
    await page.getByLabel('New password', { exact: true }).fill('123456');
    await page.getByLabel('Confirm new password').fill('123456');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password is too easy to guess.', { exact: false }).first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password was changed and every session signed out.', { exact: false }).waitFor();
    await screenshot(page, 'password-reset');
  });

  it('signs back in', async () => {
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('tab', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
  });

  it('changes the profile, which survives a reload', async () => {
    await page.goto(`${baseUrl}/settings`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Updated').waitFor();
    await page.reload();
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    const menu = await openUserMenu();
    await menu.getByText('Ada Lovelace').waitFor();
    await page.keyboard.press('Escape');
  });

  it('deletes the account with the current password, and it cannot sign in again', async () => {
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('Are you sure you want to delete your account? This action cannot be undone.').waitFor();
    await dialog.getByLabel('Current password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const login = await fetch(`${baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(login.status).toBe(401);
  });
});
