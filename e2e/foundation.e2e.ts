import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

describe('the product as `npm start` runs it', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => browser?.close());

  it('reports every component healthy', async () => {
    const health = await (await fetch(`${baseUrl}/api/health`)).json();
    expect(health.status).toBe('ok');
    expect(health.components.worker.status).toBe('up');
  });

  it('serves the landing page with its title and description', async () => {
    await page.goto(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
    expect(await page.title()).toMatch(/Monitor Social Media Stock Trends in Real Time/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.getByText('Social Media Monitoring').first().isVisible()).toBe(true);
    await screenshot(page, 'landing-desktop');
  });

  it('sends an anonymous visitor from a protected page to /auth, and from /admin too', async () => {
    await page.goto(`${baseUrl}/dashboard`);
    await page.waitForURL(`${baseUrl}/auth`);
    await page.goto(`${baseUrl}/admin`);
    await page.waitForURL(`${baseUrl}/auth`);
  });

  it('shows the 404 page for an unknown path, loaded as a deep link', async () => {
    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.title()).toBe('404 Page Not Found');
  });

  it('keeps the chosen theme in the browser across reloads', async () => {
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('stockpulse-theme', 'dark'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await screenshot(page, 'landing-dark');
    await page.evaluate(() => localStorage.setItem('stockpulse-theme', 'light'));
    await page.reload();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  });
});
