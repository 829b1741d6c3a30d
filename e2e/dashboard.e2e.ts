import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, signInThroughUi } from './support/browser';

describe('the monitoring dashboard with real pipeline data', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInThroughUi(page, baseUrl, inject('adminEmail'), inject('adminPassword'));
  });
  afterAll(async () => browser?.close());

  const totalMentions = async () => {
    const card = page
      .locator('section[aria-labelledby="summary-heading"] h3', { hasText: 'Total Mentions' })
      .locator('xpath=../..');
    return Number((await card.locator('p').first().innerText()).replace(/[^0-9]/g, ''));
  };

  it('shows stock cards with prices and sparklines once the first scan and price refresh have run', async () => {
    // Cards first (the first scan has written the stocks), then the refresh: it prices the stocks that exist, so on a
    // busy machine a refresh that overtook the first scan would leave later stocks "No price yet" until the next one.
    await page
      .getByRole('button', { name: /, .*: show details$/ })
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Refresh Prices' }).click();
    await page.getByText('Prices Updated').waitFor({ timeout: 30_000 });
    // A fund without a dated reference price (SPY, under the simulated feed) shows "No price yet": the first priced card.
    const firstCard = page
      .locator('article')
      .filter({ hasText: /\$[\d,]+\.\d{2}/ })
      .first();
    await firstCard.waitFor({ timeout: 15_000 });
    expect(await firstCard.innerText()).toMatch(/[+-]\d+\.\d{2}%/);
    await page.locator('article svg[role="img"]').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('article svg[role="img"] polyline').count()).toBeGreaterThan(0);
    expect(await page.getByText('Social Media Monitoring Status').isVisible()).toBe(true);
    await screenshot(page, 'dashboard-cards');
  });

  it('changes the mention numbers when the time range changes', async () => {
    const lastHour = await totalMentions();
    expect(lastHour).toBeGreaterThan(0);
    await page.getByLabel('Time range').selectOption('24hours');
    await page.waitForFunction(
      (before) => {
        const heading = [...document.querySelectorAll('section[aria-labelledby="summary-heading"] h3')].find(
          (h) => h.textContent === 'Total Mentions',
        );
        const value = Number(
          (heading?.parentElement?.parentElement?.querySelector('p')?.textContent ?? '').replace(/[^0-9]/g, ''),
        );
        return value > before;
      },
      lastHour,
      { timeout: 30_000 },
    );
    expect(await totalMentions()).toBeGreaterThan(lastHour);
  });

  it('runs Detect Trends, shows the toast and the latest-trend badges', async () => {
    await page.getByRole('button', { name: 'Detect Trends' }).click();
    await page.getByText('Trends Detected').waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Latest trends' }).locator('li').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('list', { name: 'Latest trends' }).locator('li').count()).toBeLessThanOrEqual(10);
  });

  it("opens a stock's detail chart with its recent posts", async () => {
    await page
      .getByRole('button', { name: /, .*: show details$/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('[role="img"] canvas').first().waitFor({ timeout: 30_000 });
    await dialog
      .getByText(/simulated post/i)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'dashboard-detail');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('keeps keyboard focus inside a dialog, and gives it back to the opener on Escape', async () => {
    const opener = page.getByRole('button', { name: /^Set alert for / }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Set Stock Alert' });
    await dialog.waitFor();
    const hasFocus = (locator: typeof opener) => locator.evaluate((el) => el === document.activeElement);
    await expect.poll(() => hasFocus(dialog.getByLabel('Mention threshold'))).toBe(true);

    const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
    const focusables = await dialog.locator('button:not([disabled]), input:not([disabled]), select').count();
    // More presses than the dialog has stops: focus wraps around at both ends and never reaches the page behind.
    for (let i = 0; i <= focusables; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog()).toBe(true);
    }
    for (let i = 0; i <= focusables; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInDialog()).toBe(true);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => hasFocus(opener)).toBe(true);
  });
});
