import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../platform/temporalCli';
import { startProductProcess, type ProductProcess } from '../tests/support/productProcess';
import { launchBrowser, screenshot, signInThroughUi } from './support/browser';

/** The last Saturday at 17:00 UTC (noon in New York) before now: the market is closed, Friday was the last session. */
function lastSaturdayNoon(): Date {
  const at = new Date();
  at.setUTCHours(17, 0, 0, 0);
  while (at.getUTCDay() !== 6 || at.getTime() > Date.now()) at.setUTCDate(at.getUTCDate() - 1);
  return at;
}

/**
 * A fresh install seen on a Saturday (the product's own clock pinned there by e2e/support/pinClock.mjs, the rest of the
 * machine at the real time): simulated prices labelled as such, price lines that move, a sort control in the URL, the
 * trending count, and an admin who is not a subscriber.
 */
describe('dashboard truth on a fresh install, outside market hours', () => {
  const clockAt = lastSaturdayNoon();
  const email = 'admin@truth.test';
  const password = 'truth-admin-password';
  let product: ProductProcess;
  let browser: Browser;
  let page: Page;
  const api = async <T>(url: string): Promise<T> =>
    (await page.request.get(`${product.baseUrl}${url}`)).json() as Promise<T>;

  beforeAll(async () => {
    product = await startProductProcess({
      name: 'e2e-truth',
      logFile: path.join(projectRoot, 'e2e', 'artifacts', 'server-truth.log'),
      env: { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, E2E_CLOCK_AT: clockAt.toISOString() },
      preload: ['./e2e/support/pinClock.mjs'],
    });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInThroughUi(page, product.baseUrl, email, password);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const cards = () => page.locator('section[aria-labelledby="trending-stocks-heading"] article');

  it('labels the simulated prices on every card, and the refresh toast does not call them real', async () => {
    await cards().first().waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Refresh Prices' }).click();
    await page.getByText('Prices Updated').waitFor({ timeout: 60_000 });
    const toast = await page.getByText(/^Updated \d+ stock prices with/).innerText();
    expect(toast).toMatch(/with simulated data/);
    expect(toast).not.toMatch(/real market data/);
    const status = await api<{ prices: { source: string; simulated: boolean; marketOpen: boolean; session: string } }>(
      '/api/status',
    );
    expect(status.prices).toMatchObject({ source: 'simulated', simulated: true, marketOpen: false });
    await expect
      .poll(
        async () =>
          (await cards().count()) > 0 &&
          (await cards().count()) === (await page.locator('article').getByText('Simulated prices').count()),
        { timeout: 30_000 },
      )
      .toBe(true);
    await screenshot(page, 'truth-simulated-label');
  });

  it('draws a moving line from the last session, with its date, while the market is closed', async () => {
    const { prices } = await api<{ prices: { session: string } }>('/api/status');
    const date = new Date(`${prices.session}T12:00:00Z`).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    // The first card with a price: a fund without a dated reference price (SPY) has none, and no line.
    const first = cards()
      .filter({ hasText: /\$[\d,]+\.\d{2}/ })
      .first();
    await first.getByText(`Price, last session, ${date}`).waitFor({ timeout: 60_000 });
    const line = first.locator('svg[role="img"] polyline');
    expect(await line.getAttribute('data-kind')).toBe('historical');
    const ys = new Set(((await line.getAttribute('points')) ?? '').split(' ').map((p) => p.split(',')[1]));
    expect(ys.size).toBeGreaterThan(10); // not flat
    // The line fills the card's content width (the 300 × 60 viewBox is stretched, not left short).
    const [svgBox, parentBox] = await Promise.all([
      first.locator('svg[role="img"]').boundingBox(),
      first.locator('svg[role="img"]').locator('xpath=..').boundingBox(),
    ]);
    expect(Math.abs(svgBox!.width - parentBox!.width)).toBeLessThan(1);
    expect(await first.locator('svg[role="img"]').getAttribute('viewBox')).toBe('0 0 300 60');

    await first.getByRole('button', { name: /: show details$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('heading', { name: `Price, last session (${date}, market closed)` })
      .waitFor({ timeout: 30_000 });
    expect(await dialog.getByText('Simulated prices').count()).toBe(1);
    await screenshot(page, 'truth-last-session');
    await page.keyboard.press('Escape');
  });

  it('counts the stocks trending now, not every stock listed', async () => {
    await page.getByRole('button', { name: 'Detect Trends' }).click();
    await page.getByText('Trends Detected').waitFor({ timeout: 60_000 });
    const card = page
      .locator('section[aria-labelledby="summary-heading"] h3', { hasText: 'Trending Stocks' })
      .locator('xpath=../..');
    // The schedules keep detecting trends while the test runs: the card and the API are read again together until
    // they agree, rather than the card compared with one earlier answer.
    let trending: unknown[] = [];
    await expect
      .poll(
        async () => {
          const shown = Number((await card.locator('p').first().innerText()).replace(/[^0-9]/g, ''));
          trending = await api<unknown[]>('/api/trending-now');
          return shown === trending.length;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const listed = Number(
      (await page.getByText(/^Showing \d+ of [\d,]+ stocks$/).innerText()).replace(/,/g, '').match(/of (\d+)/)![1],
    );
    expect(trending.length).toBeLessThan(listed);
    expect(await page.getByText(/^Stocks mentioned, by overall sentiment/).count()).toBe(1);
  });

  it('sorts the grid with the control, and keeps range and sort in the URL', async () => {
    const sort = page.getByLabel('Sort by');
    expect(await sort.inputValue()).toBe('trend'); // Last 1 hour
    await sort.selectOption('mentions');
    await page.waitForURL(/\?sort=mentions$/);
    const mentions = async () =>
      (await cards().locator('strong').allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
    // The list refreshes on its own while the test reads it: wait for a render in the new order rather than read once.
    const sortedByMentions = async () => {
      const counts = await mentions();
      return counts.length > 1 && counts.every((n, i) => i === 0 || counts[i - 1]! >= n);
    };
    await expect.poll(sortedByMentions, { timeout: 30_000 }).toBe(true);

    await page.getByLabel('Time range').selectOption('7days');
    await page.waitForURL(/\?range=7days$/); // mentions is the default for longer ranges
    expect(await page.getByLabel('Sort by').inputValue()).toBe('mentions');
    // A fresh install holds the whole week: no "data since" note.
    expect(await page.getByTestId('data-since').count()).toBe(0);
    await page.goto(`${product.baseUrl}/dashboard?range=24hours&sort=priceChange`);
    await cards().first().waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Time range').inputValue()).toBe('24hours');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('priceChange');
    await screenshot(page, 'truth-sorted');
  });

  it('shows the admin as no subscriber: 0 subscribers and $0.00 monthly revenue on a fresh install', async () => {
    await page.goto(`${product.baseUrl}/admin`);
    await page.getByTestId('stat-Subscribers').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('stat-Subscribers').innerText()).toBe('0');
    expect(await page.getByTestId('stat-Monthly Revenue').innerText()).toBe('$0.00');
    const row = page.getByTestId('user-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.getByLabel(/subscription/i).inputValue()).toBe('none');
    await screenshot(page, 'truth-admin');
  });
});
