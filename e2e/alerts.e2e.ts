import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  deleteAllAlerts,
  launchBrowser,
  openSetAlertOnFirstCard,
  screenshot,
  signInThroughUi,
} from './support/browser';

describe('alerts in the browser: create from the dashboard and /alerts, list, toggle, delete; the test e-mail reaches the outbox', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 1000 } })).newPage();
    await signInThroughUi(page, baseUrl, inject('adminEmail'), inject('adminPassword'));
    await deleteAllAlerts(page, baseUrl);
  });
  afterAll(async () => browser?.close());

  it('starts with the empty state on /alerts', async () => {
    await page.getByRole('link', { name: 'Alerts' }).first().click();
    await page.waitForURL(`${baseUrl}/alerts`);
    await page.getByText('No alerts yet').waitFor();
    expect(await page.getByRole('button', { name: 'Create Your First Alert' }).isVisible()).toBe(true);
  });

  it('creates an alert from a stock card with the Set Stock Alert modal', async () => {
    const { ticker, dialog } = await openSetAlertOnFirstCard(page, baseUrl);
    expect(await dialog.getByLabel('Mention threshold').inputValue()).toBe('1000');
    await dialog.getByLabel('Mention threshold').fill('250');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await page.getByText('Alert created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Alerts' }).first().click();
    const card = page.getByTestId('alert-card').filter({ hasText: ticker });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('Alert when mentions exceed 250');
    expect(text).toContain('Active');
    expect(text).toContain('Email: On');
    expect(text).toContain('SMS: Off');
    await screenshot(page, 'alerts-list');
  });

  it('creates a second alert from /alerts with the stock picker, switches it off, and deletes both', async () => {
    await page.getByRole('button', { name: 'Create Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Alert' });
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await page.getByText('Stock ID is required').waitFor();
    // The searchable picker, by keyboard: type part of a ticker, arrow down to the first match, Enter.
    const picker = dialog.getByRole('combobox', { name: 'Stock' });
    await expect
      .poll(() => picker.getAttribute('placeholder'), { timeout: 30_000 })
      .toBe('Search by ticker or company name');
    await picker.fill('A');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await picker.press('ArrowDown');
    // The option the keyboard made active is the one Enter picks.
    const activeId = await picker.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    const chosen = (await page.locator(`[id="${activeId}"]`).textContent())!.trim();
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe(chosen);
    await screenshot(page, 'alerts-stock-picker');
    await dialog.getByLabel('Mention window').selectOption('60');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('alert-card').nth(1).waitFor();
    expect(await page.getByTestId('alert-card').count()).toBe(2);

    const newest = page.getByTestId('alert-card').first();
    expect(await newest.innerText()).toContain('(last 1 hour)');
    await newest.getByRole('switch', { name: 'Alert on' }).click();
    await newest.getByText('Inactive').waitFor();
    // The switch's label follows the alert.
    expect(await newest.getByRole('switch', { name: 'Alert off' }).getAttribute('aria-checked')).toBe('false');

    for (let remaining = 2; remaining > 0; remaining--) {
      await page
        .getByTestId('alert-card')
        .first()
        .getByRole('button', { name: /^Delete alert for / })
        .click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-testid="alert-card"]').length === n,
        remaining - 1,
      );
    }
    await page.getByText('No alerts yet').waitFor();
  });

  it('sends a test e-mail from the dashboard that lands in the admin outbox', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await page.getByRole('button', { name: 'Email Sent!' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Send Test Email' }).waitFor({ timeout: 10_000 }); // back to idle after 3 s
    const outbox = await page.request.get(`${baseUrl}/api/admin/outbox`);
    expect(outbox.status()).toBe(200);
    const body = (await outbox.json()) as { messages: Array<{ subject: string; to: string[] }> };
    expect(body.messages[0]).toMatchObject({ subject: 'StockPulse test email', to: [inject('adminEmail')] });
  });
});
