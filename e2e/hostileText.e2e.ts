import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signInOverHttp, signUpOverHttp } from '../tests/support/productProcess';
import { launchBrowser, signInThroughUi } from './support/browser';

/** Stored text is rendered as text everywhere: markup in names and source lists never becomes HTML or runs. */
describe('hostile text stored through the API is rendered escaped', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');
  const tag = Date.now().toString(36);
  const payload = `<img src=x onerror="window.__xss=1">`;
  const scriptPayload = `<script>window.__xss=2</script>`;
  const user = { email: `hostile-${tag}@example.com`, password: 'hostile-password' };

  const signIn = async (context: BrowserContext, email: string, password: string): Promise<Page> => {
    const page = await context.newPage();
    await signInThroughUi(page, baseUrl, email, password);
    return page;
  };
  const injected = (page: Page) =>
    page.evaluate(() => ({
      xss: (window as unknown as { __xss?: number }).__xss ?? null,
      images: document.querySelectorAll('img[src="x"]').length,
    }));

  beforeAll(async () => {
    // Signed up through the API and finished by the e-mailed link (read from the admin's outbox).
    const adminCookie = await signInOverHttp(baseUrl, inject('adminEmail'), inject('adminPassword'));
    await signUpOverHttp(baseUrl, adminCookie, user.email, user.password, {
      fields: { firstName: payload, lastName: scriptPayload, username: `hostile_${tag}` },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it('a name made of markup shows as text in the user menu', async () => {
    const page = await signIn(await browser.newContext(), user.email, user.password);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByText(payload, { exact: false }).first().waitFor();
    expect(await injected(page)).toEqual({ xss: null, images: 0 });
  });

  it('markup in a source list and in user names shows as text in the admin area', async () => {
    const page = await signIn(
      await browser.newContext({ viewport: { width: 1400, height: 1000 } }),
      inject('adminEmail'),
      inject('adminPassword'),
    );
    const saved = await page.request.post(`${baseUrl}/api/admin/platform-settings`, {
      data: { platform: 'tiktok', settingType: 'keywords', values: [payload, scriptPayload, 'stocks'] },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${baseUrl}/admin`);
    await page.getByLabel('Search users').fill(`hostile_${tag}`);
    await page.getByTestId('user-row').filter({ hasText: payload }).waitFor();
    await page.getByRole('tab', { name: 'Platform Settings' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'tiktok keywords' }).inputValue())
      .toBe([payload, scriptPayload, 'stocks'].join('\n'));
    expect(await injected(page)).toEqual({ xss: null, images: 0 });
  });
});
