import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot, signInThroughUi } from './support/browser';

/** An admin runs the business and the pipelines from /admin, against the real stores and Temporal. */
describe('the admin area in the browser', () => {
  let browser: Browser;
  let page: Page;
  const baseUrl = inject('baseUrl');
  const tag = Date.now().toString(36);
  const member = {
    email: `member-${tag}@example.com`,
    username: `member_${tag}`,
    firstName: 'Grace',
    lastName: 'Hopper',
  };

  beforeAll(async () => {
    // Two sign-ups through the public API (each a trialing user), so the filters have someone to find.
    for (const user of [
      member,
      { email: `other-${tag}@example.com`, username: `other_${tag}`, firstName: 'Alan', lastName: 'Turing' },
    ]) {
      const res = await fetch(`${baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...user, password: 'member-password', confirmPassword: 'member-password' }),
      });
      // Accepted alike for every address; each account waits for its e-mailed link (and is listed meanwhile).
      expect(res.status).toBe(202);
    }
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    await signInThroughUi(page, baseUrl, inject('adminEmail'), inject('adminPassword'));
  });
  afterAll(async () => browser?.close());

  const rows = () => page.getByTestId('user-row');

  it('shows the stats header and filters users by search, subscription and role', async () => {
    await page.goto(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await page.getByTestId('stat-Total Users').filter({ hasText: /^\d+$/ }).waitFor();
    expect(Number(await page.getByTestId('stat-Total Users').innerText())).toBeGreaterThanOrEqual(3);

    await page.getByLabel('Search users').fill(tag);
    await expect.poll(() => rows().count(), { timeout: 10_000 }).toBe(2);
    await page.getByLabel('Search users').fill(`grace hopper`);
    await expect
      .poll(() => rows().allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining(member.email)]);

    await page.getByLabel('Subscription', { exact: true }).selectOption('trial');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByLabel('Subscription', { exact: true }).selectOption('active');
    await page.getByText('No users found').waitFor();
    await page.getByLabel('Subscription', { exact: true }).selectOption('all');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByText('No users found').waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('all');
    await expect.poll(() => rows().count()).toBe(1);
  });

  it('changes a role', async () => {
    await page.getByLabel(`Role of ${member.email}`).selectOption('admin');
    await page.getByText('Role updated').waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await expect.poll(() => rows().allInnerTexts()).toEqual([expect.stringContaining(member.email)]);
    await screenshot(page, 'admin-users');
    await page.getByLabel(`Role of ${member.email}`).selectOption('user');
    await page.getByText('No users found').waitFor();
  });

  it('edits a source list: Save disabled until changed, Add Defaults merges', async () => {
    await page.getByRole('tab', { name: 'Platform Settings' }).click();
    const editor = page.getByRole('textbox', { name: 'Reddit Subreddits' });
    await editor.waitFor();
    const save = page.getByRole('button', { name: 'Save Reddit Subreddits' });
    expect(await save.isDisabled()).toBe(true);
    await editor.fill('pennystocks\n\n  options  ');
    expect(await save.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Add Defaults to Reddit Subreddits' }).click();
    const merged = (await editor.inputValue()).split('\n');
    expect(merged.slice(0, 2)).toEqual(['pennystocks', 'options']);
    expect(merged).toEqual(expect.arrayContaining(['wallstreetbets', 'stocks', 'investing']));
    expect(new Set(merged).size).toBe(merged.length);
    await save.click();
    await page.getByText('Settings updated').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Platform Settings' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Reddit Subreddits' }).inputValue())
      .toBe(merged.join('\n'));
  });

  it('triggers a scan and sees it complete in the Pipelines tab, with a link into the Temporal UI', async () => {
    await page.getByRole('tab', { name: 'Pipelines' }).click();
    await page.getByLabel('Platform', { exact: true }).selectOption('reddit');
    await page.getByRole('button', { name: 'Run Scan Now' }).click();
    await page.getByText('Scan started').waitFor();
    const workflowId = await page
      .getByText(/^scan-reddit-manual-/)
      .first()
      .innerText();
    const row = page.locator(`[data-testid="pipeline-run"][data-workflow-id="${workflowId}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('completed').waitFor({ timeout: 60_000 });
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[1]).toBe('reddit');
    expect(cells[5]).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(cells[6]).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(await row.getByRole('link', { name: 'Open in Temporal' }).getAttribute('href')).toMatch(
      /\/namespaces\/default\/workflows\/scan-reddit-manual-/,
    );
    // The YouTube quota card: simulated here, so nothing spent, one row per default YouTube source.
    const quota = page.getByTestId('youtube-quota');
    await quota.getByText(/^0 of 10,000 units spent on \d{4}-\d\d-\d\d/).waitFor();
    await quota.getByText(/simulated feed/).waitFor();
    expect(await quota.getByTestId('quota-source').count()).toBe(8);
    await screenshot(page, 'admin-pipelines');
  });

  it('watches the sentiment re-score advance on the Pipelines tab, and cannot start a second one meanwhile', async () => {
    const card = page.getByTestId('sentiment-rescore');
    await card.getByRole('heading', { name: 'Sentiment re-score' }).waitFor();
    await expect.poll(() => card.getByText('Loading...').count(), { timeout: 10_000 }).toBe(0);
    // A first start's week of backfill starts the history run by itself; an operator starts one when none runs.
    const startButton = card.getByRole('button', { name: 'Re-score History' });
    if ((await startButton.count()) === 1) {
      await startButton.click();
      await page.getByText('Re-score started').waitFor();
    }
    const progressLine = card.getByText(/^[\d,]+ of [\d,]+ hours, [\d,]+ posts re-labelled by /);
    await progressLine.waitFor({ timeout: 60_000 });
    const first = await progressLine.innerText();
    expect(first).toMatch(/ by transformer-[0-9a-f]{12}-w\d+-\d+-\d+($|;)/);
    const runningButton = card.getByRole('button', { name: 'Re-score running' });
    if ((await runningButton.count()) === 1) {
      // While it runs, a second start is refused in the page, and the card re-reads the progress by itself (hours
      // done, or posts re-labelled: a new sweep starts its hours again, the posts add up over the whole run).
      expect(await runningButton.isDisabled()).toBe(true);
      expect(await card.getByRole('progressbar', { name: 'Re-score progress' }).count()).toBe(1);
      await expect.poll(() => progressLine.innerText(), { timeout: 75_000, interval: 1_000 }).not.toBe(first);
    } else {
      expect(await progressLine.innerText()).toContain('; finished ');
    }
    await screenshot(page, 'admin-rescore');
  }, 180_000);
});
