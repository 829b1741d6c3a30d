import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { projectRoot } from '../../platform/temporalCli';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH`);
  return await chromium.launch({ executablePath, args: flags, headless: true });
}

export const artifactsDir = path.join(projectRoot, 'e2e', 'artifacts');

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

/** Signs in through the /auth Login tab and waits for the dashboard. */
export async function signInThroughUi(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/**
 * Opens Set Stock Alert from the first stock card on the dashboard (a stock with mentions), or with `priced` the first
 * card that shows a price (simulated prices leave ETFs unpriced); returns its ticker and the dialog.
 */
export async function openSetAlertOnFirstCard(page: Page, baseUrl: string, options: { priced?: boolean } = {}) {
  await page.goto(`${baseUrl}/dashboard`);
  const cards = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Set alert for / }) });
  const card = (options.priced ? cards.filter({ hasNotText: 'No price yet' }) : cards).first();
  const setAlert = card.getByRole('button', { name: /^Set alert for / });
  await setAlert.waitFor({ timeout: 60_000 });
  const ticker = ((await setAlert.getAttribute('aria-label')) ?? '').replace('Set alert for ', '');
  await setAlert.click();
  return { ticker, dialog: page.getByRole('dialog', { name: 'Set Stock Alert' }) };
}

/**
 * Deletes every alert of the signed-in user (through the page's session). The browser tests share one product and
 * one account, so a file that creates alerts removes them, and a file that starts from the empty state makes sure of it.
 */
export async function deleteAllAlerts(page: Page, baseUrl: string): Promise<void> {
  const listed = await page.request.get(`${baseUrl}/api/alerts`);
  if (!listed.ok()) throw new Error(`GET /api/alerts answered ${listed.status()}`);
  const alerts = (await listed.json()) as Array<{ id: number }>;
  for (const alert of alerts) {
    const deleted = await page.request.delete(`${baseUrl}/api/alerts/${alert.id}`);
    if (!deleted.ok()) throw new Error(`DELETE /api/alerts/${alert.id} answered ${deleted.status()}`);
  }
}
