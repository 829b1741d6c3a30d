import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteAllAlerts, launchBrowser, screenshot, signInThroughUi } from './support/browser';

describe('watchlist and alert kinds in the browser: star stocks, filter to My watchlist, create a spike alert', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');
  const starred: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInThroughUi(page, baseUrl, inject('adminEmail'), inject('adminPassword'));
  });
  afterAll(async () => {
    if (page) await deleteAllAlerts(page, baseUrl);
    await browser?.close();
  });

  const cards = () => page.getByRole('button', { name: /^Set alert for / });
  const tickerOf = async (i: number) =>
    ((await cards().nth(i).getAttribute('aria-label')) ?? '').replace('Set alert for ', '');

  it('stars a stock on its card and another in its detail view; "My watchlist" shows only those, in the URL, after a reload too', async () => {
    // The grid lists the stocks with mentions in its range: over 24 hours (sorted by mentions) a starred stock cannot
    // drop out of it while the test runs, as a quiet stock can from the last hour.
    await page.goto(`${baseUrl}/dashboard?range=24hours`);
    await cards().nth(2).waitFor({ timeout: 60_000 });
    const first = await tickerOf(0);
    const second = await tickerOf(2);
    starred.push(first, second);

    await page.getByRole('button', { name: `Add ${first} to watchlist` }).click();
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: `Remove ${first} from watchlist` })
          .first()
          .getAttribute('aria-pressed'),
      )
      .toBe('true');

    await page.getByRole('button', { name: new RegExp(`^${second}, .*: show details$`) }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(`^${second} · `) });
    await detail.getByRole('button', { name: `Add ${second} to watchlist` }).click();
    await detail.getByRole('button', { name: `Remove ${second} from watchlist` }).waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    // The box follows the URL, which React Router updates in a transition: click, then wait for the URL (check() and
    // uncheck() read the state right after the click and fail when the machine is busy).
    await page.getByLabel('My watchlist').click();
    await page.waitForURL(/[?&]watchlist=1/);
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(2);
    expect((await Promise.all([tickerOf(0), tickerOf(1)])).sort()).toEqual([first, second].sort());
    await screenshot(page, 'dashboard-watchlist');

    await page.reload();
    await cards().first().waitFor({ timeout: 60_000 });
    expect(await page.getByLabel('My watchlist').isChecked()).toBe(true);
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(2);

    // The watchlist is the user's: it is in the API and in Download My Data.
    const saved = await page.evaluate(async () => (await fetch('/api/watchlist')).json());
    expect(saved.tickers.sort()).toEqual([first, second].sort());
    await page.getByLabel('My watchlist').click();
    await expect.poll(() => page.url()).not.toMatch(/watchlist=1/);
    await expect.poll(() => page.getByLabel('My watchlist').isChecked()).toBe(false);
  });

  it('creates a spike alert from a stock card with the Kind selector; /alerts lists its kind and parameters', async () => {
    const ticker = starred[0]!;
    await page.getByRole('button', { name: `Set alert for ${ticker}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Stock Alert' });
    expect(await dialog.getByLabel('Alert me when').inputValue()).toBe('threshold');
    await dialog.getByLabel('Alert me when').selectOption('spike');
    await dialog.getByLabel('Spike factor').fill('30');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await dialog.getByText('spikeFactor must be between 1.5 and 20').waitFor();
    await dialog.getByLabel('Spike factor').fill('4');
    await dialog.getByLabel('Minimum mentions').fill('25');
    await dialog.getByLabel('Mention window').selectOption('60');
    await screenshot(page, 'set-spike-alert');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await page.getByText('Alert created successfully').waitFor();

    await page.getByRole('link', { name: 'Alerts' }).first().click();
    const card = page.getByTestId('alert-card').filter({ hasText: ticker });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Spike');
    expect(text).toContain('Alert when mentions reach 4× the usual for the time of day (at least 25)');
    expect(text).toContain('(last 1 hour)');
    // The star on /alerts shows the stock is on the watchlist, and takes it off.
    await card.getByRole('button', { name: `Remove ${ticker} from watchlist` }).click();
    await card.getByRole('button', { name: `Add ${ticker} to watchlist` }).waitFor();
    await screenshot(page, 'alerts-spike');

    // Leave the account as it was for the other browser tests.
    await card.getByRole('button', { name: `Delete alert for ${ticker}` }).click();
    await page.getByText('No alerts yet').waitFor();
    await page.evaluate(async () => {
      const res = await fetch('/api/watchlist', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tickers: [] }),
      });
      if (!res.ok) throw new Error(`PUT /api/watchlist: ${res.status}`);
    });
  });
});
