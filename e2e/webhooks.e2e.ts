import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../tests/support/webhookReceiver';
import { seriousViolations } from './support/axe';
import {
  deleteAllAlerts,
  launchBrowser,
  openSetAlertOnFirstCard,
  screenshot,
  signInThroughUi,
} from './support/browser';

describe('webhooks and the price after alerts in the browser', () => {
  let browser: Browser;
  let page: Page;
  let receiver: WebhookReceiver;
  let secret = '';
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret: () => secret });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    // A fresh install backfills a week of posts and prices in its first minutes: on a shared machine pages may be slow.
    page.setDefaultTimeout(120_000);
    await signInThroughUi(page, baseUrl, inject('adminEmail'), inject('adminPassword'));
  }, 300_000);
  afterAll(async () => {
    if (page) await deleteAllAlerts(page, baseUrl);
    await browser?.close();
    await receiver?.close();
  });

  it('adds a target (a refused URL shows its message under the field), then Send test reaches a receiver that verifies the signature', async () => {
    await page.goto(`${baseUrl}/settings`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await section.getByText('No webhook targets yet.').waitFor();
    const url = section.getByLabel('Webhook URL');
    await url.fill('ftp://hooks.example.com/x');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await section.getByText('url must start with https://').waitFor();

    await url.fill(receiver.url('/e2e'));
    await section.getByLabel('Format').selectOption('json');
    await section.getByRole('button', { name: 'Add webhook' }).click();
    await section.getByRole('list', { name: 'Webhook targets' }).getByText(receiver.url('/e2e')).waitFor();

    await section.getByRole('button', { name: 'Show' }).click();
    await expect.poll(() => section.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_[0-9a-f]{64}$/);
    secret = await section.getByLabel('Signing secret').inputValue();

    await section.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('1 of 1 target(s) answered with success.').waitFor();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(receiver.received[0]!.body).toMatchObject({ event: 'webhook.test', ticker: 'TEST' });

    const log = section.getByRole('table', { name: 'Webhook deliveries' });
    await log.getByText('delivered').waitFor();
    const cells = await log.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells.slice(1, 6)).toEqual(['Test', receiver.url('/e2e'), 'delivered', '200', '1']);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'settings-webhooks');
  }, 300_000);

  it('shows the price when an alert fired and its later moves on /alerts', async () => {
    // An alert that fires at the next evaluation: threshold 1 on a stock that has mentions (it has a card) and a price.
    const { ticker, dialog } = await openSetAlertOnFirstCard(page, baseUrl, { priced: true });
    await dialog.getByLabel('Mention threshold').fill('1');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/alerts`);
    const table = page.getByRole('table', { name: 'Price after alerts' });
    // EvaluateAlerts runs every minute (and after each scan); the table refreshes every minute. The row is recorded
    // when the alert fires and its price at fire is filled at the end of that evaluation, so wait for the price.
    // count() does not wait: after each reload, give the page's queries time to answer before reading.
    const row = table.getByRole('row').filter({ hasText: ticker }).first();
    const priceThen = async () => {
      await page.reload();
      await row.waitFor({ timeout: 10_000 }).catch(() => undefined);
      if ((await row.count()) === 0) return '';
      return (await row.getByRole('cell').nth(2).textContent()) ?? '';
    };
    await expect.poll(priceThen, { timeout: 240_000, interval: 5_000 }).toMatch(/^\$\d/);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Stock',
      'Fired',
      'Price then',
      '+15 min',
      '+30 min',
      '+60 min',
    ]);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toBe(ticker);
    // Later moments wait for their time, or say the market is closed when it does not trade before them (night, weekend).
    for (const cell of cells.slice(3)) expect(cell).toMatch(/^(waiting|market closed)$/);
    expect(
      await page.getByRole('region', { name: 'After your alerts' }).getByText('Simulated prices').isVisible(),
    ).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-after-your-alerts');
  }, 420_000);

  it("sends one alert's webhooks to a target picked on its card; the choice stays after a reload and can be cleared", async () => {
    // The alert the previous test created, and the target the first one added.
    await page.goto(`${baseUrl}/alerts`);
    const target = `${receiver.url('/e2e')} (json)`;
    const field = page.getByTestId('alert-card').first().getByLabel('Webhook');
    const chosen = () => field.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');
    await expect.poll(() => field.locator('option').allTextContents()).toEqual(['Account targets', target]);
    expect(await chosen()).toBe('Account targets');

    await field.selectOption({ label: target });
    await page.getByText('Webhook target saved').first().waitFor();
    await page.reload();
    await expect.poll(chosen).toBe(target);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'alerts-webhook-target');

    await field.selectOption({ label: 'Account targets' });
    await page.getByText('Webhook target saved').first().waitFor();
    await page.reload();
    await field.waitFor();
    await expect.poll(chosen).toBe('Account targets');
  }, 300_000);
});
