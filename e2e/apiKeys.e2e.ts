import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeyPattern } from '../core/contracts/apiKeys';
import { problemDetailsSchema } from '../core/contracts/errors';
import { v1StockPageSchema } from '../core/contracts/publicApi';
import { seriousViolations } from './support/axe';
import { launchBrowser, screenshot, signInThroughUi } from './support/browser';
import { signInOverHttp, signUpOverHttp } from '../tests/support/productProcess';

describe('API keys in Settings and the API docs in the browser', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');
  const email = 'api-keys@e2e.test';
  const password = 'api-keys-e2e-password';
  const callApi = (key: string) =>
    fetch(`${baseUrl}/api/v1/stocks?range=7days&limit=5`, { headers: { Authorization: `Bearer ${key}` } });

  beforeAll(async () => {
    // A new account is on the sign-up trial: a subscriber whose keys read the API. The e-mailed link (read from the
    // admin's outbox) finishes the sign-up, as the user's click would.
    const adminCookie = await signInOverHttp(baseUrl, inject('adminEmail'), inject('adminPassword'));
    await signUpOverHttp(baseUrl, adminCookie, email, password);
    browser = await launchBrowser();
    const context = await browser.newContext({
      viewport: { width: 1280, height: 1000 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await signInThroughUi(page, baseUrl, email, password);
  }, 300_000);
  afterAll(async () => browser?.close());

  it('creates a key that is shown once, copies it, calls the API with it, then revokes it', async () => {
    await page.goto(`${baseUrl}/settings`);
    const section = page.getByRole('region', { name: 'API keys' });
    await section.getByText('No API keys yet.').waitFor();
    await section.getByLabel('Key name').fill('e2e script');
    await section.getByRole('button', { name: 'Create key' }).click();

    const shown = section.getByLabel('New API key');
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(apiKeyPattern);
    await section.getByRole('button', { name: 'Copy', exact: true }).click();
    await page.getByText('API key copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-api-key-created');

    // The copied key reads the public API.
    const answer = await callApi(key);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-limit')).toBe('60');
    v1StockPageSchema.parse(await answer.json());

    // Once dismissed, the key is gone from the page, and a reload does not bring it back.
    await section.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    await page.reload();
    const table = page.getByRole('region', { name: 'API keys' }).getByRole('table', { name: 'API keys' });
    const row = table.getByRole('row').filter({ hasText: 'e2e script' });
    await row.waitFor();
    expect(await page.content()).not.toContain(key);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe(`${key.slice(0, 12)}…`);
    expect(await seriousViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Revoke API key e2e script' }).click();
    await row.getByRole('button', { name: 'Confirm revoking API key e2e script' }).click();
    await page.getByText('API key revoked').first().waitFor();
    await page.getByRole('region', { name: 'API keys' }).getByText('No API keys yet.').waitFor();
    const refused = await callApi(key);
    expect(refused.status).toBe(401);
    expect(problemDetailsSchema.parse(await refused.json()).detail).toBe('This API key was revoked');
  }, 300_000);

  it('the public /docs/api page is pre-rendered from the OpenAPI document and passes axe', async () => {
    // The server sends the page's content in its HTML, before any script runs.
    const html = await (await fetch(`${baseUrl}/docs/api`)).text();
    expect(html).toContain('GET /api/v1/stocks/{ticker}/mentions');
    expect(html).toContain('curl -H &quot;Authorization: Bearer $STOCKPULSE_API_KEY&quot;');

    await page.goto(`${baseUrl}/docs/api`);
    await page.getByRole('heading', { level: 1, name: 'StockPulse API' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'GET /api/v1/alerts/outcomes' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'docs-api');
  }, 120_000);
});
