import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { signInOverHttp } from '../tests/support/productProcess';
import { launchBrowser, screenshot, signInThroughUi } from './support/browser';

/**
 * In the browser: pre-rendered public pages that hydrate cleanly and answer real 404s, axe-core on every page,
 * the admin area at phone and desktop widths (bounding boxes must not overlap), and the consistent states a paying user
 * notices. Screenshots go to e2e/artifacts/.
 */

const PUBLIC_PAGES = [
  { path: '/', name: 'landing', text: ['Monitor stock trends', 'Lightning Fast', '$49'] },
  { path: '/features', name: 'features', text: ['Sentiment Analysis', 'finance-aware'] },
  { path: '/pricing', name: 'pricing', text: ['How does the free trial work?', 'at least 18 years old'] },
  { path: '/privacy', name: 'privacy', text: ['Privacy Policy', '7 years'] },
  { path: '/terms', name: 'terms', text: ['Terms of Service', '18 years old'] },
  { path: '/blog', name: 'blog', text: ['Latest Articles', 'How to Identify Trending Stocks Before They Go Viral'] },
  {
    path: '/blog/power-of-early-detection',
    name: 'post',
    text: ['The Power of Early Detection in Stock Trading', 'Back to Blog'],
  },
] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

async function boxes(locator: Locator): Promise<Box[]> {
  return await locator.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as Box));
}

/** Every pair of the boxes that overlaps, by index. */
function overlappingPairs(list: Box[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < list.length; i += 1)
    for (let j = i + 1; j < list.length; j += 1) if (overlaps(list[i]!, list[j]!)) pairs.push([i, j]);
  return pairs;
}

/** The text lines an element's text takes (height over line height). */
async function lineCount(locator: Locator): Promise<number> {
  return await locator.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
  );
}

/**
 * Console errors and warnings, and uncaught page errors (React reports hydration mismatches through them). The
 * browser's own line for a signed-out GET /api/user (401) or the 404 document is expected, not a problem.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const expected = /Failed to load resource: the server responded with a status of (401|404)/.test(m.text());
    if ((m.type() === 'error' || m.type() === 'warning') && !expected) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/**
 * Counts nodes React removes from #root. Hydration keeps the pre-rendered nodes; a mismatch (or a client-only render)
 * throws them away and builds new ones.
 */
const watchRootRemovals = () => {
  const w = window as unknown as { rootRemovals: number };
  w.rootRemovals = 0;
  new MutationObserver((records) => {
    for (const r of records) if ((r.target as Element).id === 'root') w.rootRemovals += r.removedNodes.length;
  }).observe(document, { childList: true, subtree: true });
};

describe('the public site, the admin and the polish', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function open(
    width: number,
    options: { javaScript?: boolean } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 844 : 900 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    await context.addInitScript(() => localStorage.setItem('stockpulse-theme', 'light'));
    return { context, page: await context.newPage() };
  }

  describe('pre-rendered public pages', () => {
    it.each(PUBLIC_PAGES)(
      '$path: full text in the HTML (no JavaScript), then hydrated without warnings and without re-rendering',
      async ({ path, name, text }) => {
        const res = await fetch(`${baseUrl}${path}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        for (const snippet of text) expect(html).toContain(snippet);
        expect(html).toContain(`<link rel="canonical" href="https://stockpulse.app${path}" />`);
        expect(html).toContain('application/ld+json');

        // Without JavaScript the page is already readable.
        const noJs = await open(390, { javaScript: false });
        await noJs.page.goto(`${baseUrl}${path}`);
        expect(await noJs.page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
        await screenshot(noJs.page, `prerendered-${name}-no-js-390`);
        await noJs.context.close();

        const { context, page } = await open(1366);
        await page.addInitScript(watchRootRemovals);
        const problems = problemsOf(page);
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        // Hydrated: client-side navigation works (no full page load) and the header is interactive.
        expect(await page.evaluate(() => (window as unknown as { rootRemovals: number }).rootRemovals)).toBe(0);
        expect(problems).toEqual([]);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      },
    );

    it('unknown paths and unknown blog slugs are real 404s that show the 404 page, hydrated cleanly', async () => {
      for (const path of ['/no/such/page', '/blog/no-such-post']) {
        const res = await fetch(`${baseUrl}${path}`);
        expect(res.status).toBe(404);
        expect(await res.text()).toContain('404 Page Not Found');
      }
      const { context, page } = await open(390);
      await page.addInitScript(watchRootRemovals);
      const problems = problemsOf(page);
      const response = await page.goto(`${baseUrl}/blog/no-such-post`, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { rootRemovals: number }).rootRemovals)).toBe(0);
      expect(problems).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'not-found-390');
      await context.close();
    });

    it('the signed-out header on a phone: its links and buttons stay on one line, inside the header, side by side', async () => {
      const { context, page } = await open(390);
      for (const path of ['/no/such/page', '/', '/pricing']) {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const header = page.locator('header').first();
        const controls = header.locator('a, button');
        await controls.first().waitFor();
        const all = await boxes(controls);
        expect(overlappingPairs(all)).toEqual([]);
        const headerBox = (await header.boundingBox())!;
        for (const box of all) expect(box.x + box.width).toBeLessThanOrEqual(headerBox.x + headerBox.width + 0.5);
        for (const label of ['Sign In', 'Features', 'Pricing', 'Blog']) {
          const link = header.getByRole('link', { name: label, exact: true });
          expect(await lineCount(link)).toBeLessThanOrEqual(2); // the button's own height: one text line plus padding
          const textWidth = await link.evaluate((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return range.getBoundingClientRect().width;
          });
          expect(textWidth).toBeLessThanOrEqual((await link.boundingBox())!.width);
          expect((await link.boundingBox())!.height).toBeLessThanOrEqual(36);
        }
        await screenshot(page, `header-signed-out-390-${path.replace(/\W+/g, '-')}`);
      }
      await context.close();
    });
  });

  describe('signed in', () => {
    let context: BrowserContext;
    let page: Page;
    const tag = Date.now().toString(36);
    const member = { email: `polish-${tag}@example.com`, username: `polish_${tag}`, password: 'polish-password-1' };

    beforeAll(async () => {
      ({ context, page } = await open(1366));
    });
    afterAll(async () => context?.close());

    it('sign-up with payments off promises the 7-day card-free trial, skips Payment, and takes an optional username', async () => {
      await page.goto(`${baseUrl}/auth`);
      const progress = page.getByRole('list', { name: 'Sign-up progress' });
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
      expect(await progress.innerText()).not.toContain('Payment');
      const text = await page.locator('main, body').first().innerText();
      expect(text).toContain('7-day free trial');
      expect(text).not.toContain('14-day');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Username (optional)').fill(member.username);
      await page.getByLabel('Password', { exact: true }).fill(member.password);
      await page.getByLabel('Confirm password').fill(member.password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.getByRole('heading', { name: 'Check your e-mail to continue' }).waitFor();
      expect(await progress.innerText()).not.toContain('Payment');
      expect(await page.getByText('your 7-day free trial starts', { exact: false }).isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'signup-complete-payments-off');
      // The e-mailed link (read from the admin's outbox) finishes the sign-up and signs this browser in.
      const admin = await signInOverHttp(baseUrl, inject('adminEmail'), inject('adminPassword'));
      let link: string | undefined;
      for (let attempt = 0; attempt < 50 && !link; attempt++) {
        const outbox = (await (
          await fetch(`${baseUrl}/api/admin/outbox?limit=100`, { headers: { Cookie: admin } })
        ).json()) as { messages: Array<{ to: string[]; subject: string; text: string }> };
        const mail = outbox.messages.find(
          (m) => m.to.includes(member.email.toLowerCase()) && m.subject === 'Verify your StockPulse e-mail address',
        );
        link = mail
          ? /(https?:\/\/\S+token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!.replace(/^https?:\/\/[^/]+/, baseUrl)
          : undefined;
        if (!link) await new Promise((r) => setTimeout(r, 200));
      }
      await page.goto(link!);
      await page.getByText('You are signed in.', { exact: false }).waitFor();
      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await page.waitForURL(`${baseUrl}/dashboard`);
    });

    it('the user menu shows @username and the e-mail once (no name given)', async () => {
      const trigger = page.getByRole('button', { name: 'User menu' });
      await trigger.click();
      const menu = page.locator(`[id="${await trigger.getAttribute('aria-controls')}"]`);
      await menu.getByText(`@${member.username}`).waitFor();
      expect(await menu.getByText(member.email, { exact: true }).count()).toBe(1);
      await screenshot(page, 'user-menu-username');
      await trigger.click();
    });

    it('a signed-in visitor sees Dashboard, not Sign In, on the public pages', async () => {
      await page.goto(`${baseUrl}/pricing`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    });

    it.each(['/dashboard', '/alerts', '/settings', '/subscribe'])(
      '%s has no serious or critical axe violations',
      async (path) => {
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await seriousViolations(page)).toEqual([]);
      },
    );

    it('the Create Alert picker (open, with results) has no serious or critical axe violations', async () => {
      await page.goto(`${baseUrl}/alerts`);
      await page.getByRole('button', { name: 'Create Alert' }).first().click();
      const picker = page.getByRole('combobox', { name: 'Stock' });
      await expect
        .poll(() => picker.getAttribute('placeholder'), { timeout: 30_000 })
        .toBe('Search by ticker or company name');
      await picker.fill('a');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    });
  });

  describe('the admin at 390 and 1366 px', () => {
    const adminEmail = inject('adminEmail');
    for (const width of [390, 1366] as const) {
      describe(`${width} px`, () => {
        let context: BrowserContext;
        let page: Page;
        beforeAll(async () => {
          ({ context, page } = await open(width));
          await signInThroughUi(page, baseUrl, adminEmail, inject('adminPassword'));
          await page.goto(`${baseUrl}/admin`);
          await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
        });
        afterAll(async () => context?.close());

        it('tabs never overlap and each label fits on one line', async () => {
          const tabs = page.getByRole('tab');
          expect(await tabs.count()).toBeGreaterThanOrEqual(6);
          expect(overlappingPairs(await boxes(tabs))).toEqual([]);
          for (const tab of await tabs.all())
            expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
          // The tab row scrolls rather than pushing the page sideways.
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          ).toBeLessThanOrEqual(0);
          await page.getByRole('tab', { name: 'Settings', exact: true }).click();
          expect(await page.getByRole('tab', { name: 'Settings', exact: true }).isVisible()).toBe(true);
          await page.getByRole('tab', { name: 'User Management' }).click();
        });

        it('users: cards on a phone, a tidy table on a desktop, nothing overlapping', async () => {
          const row = page.getByTestId('user-row').filter({ hasText: adminEmail });
          await row.waitFor();
          const cells = row.locator('td');
          const cellBoxes = await boxes(cells);
          expect(overlappingPairs(cellBoxes)).toEqual([]);
          const email = row.getByText(adminEmail, { exact: true });
          if (width === 390) {
            // A card: every cell stacked inside the row's box, the e-mail on at most two lines.
            const rowBox = (await row.boundingBox())!;
            for (const box of cellBoxes) expect(inside(box, rowBox)).toBe(true);
            expect(await lineCount(email)).toBeLessThanOrEqual(2);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
            ).toBeLessThanOrEqual(0);
          } else {
            expect(await lineCount(email)).toBe(1);
            expect(await lineCount(row.locator('td').nth(5).locator('span'))).toBe(1);
            // The row actions sit on one line: one horizontal band crosses all of them.
            const actions = await boxes(row.locator('td').last().locator('select, button'));
            expect(Math.max(...actions.map((b) => b.y))).toBeLessThan(Math.min(...actions.map((b) => b.y + b.height)));
            expect(cellBoxes[0]!.width).toBeLessThan(260);
          }
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `admin-users-${width}`);
        });

        it('Subscriptions: money with cents, and the chart drawn (legend below the plot)', async () => {
          await page.getByRole('tab', { name: 'Subscriptions' }).click();
          await page.getByText('Monthly Recurring Revenue').waitFor();
          expect(await page.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/).count()).toBeGreaterThan(0);
          await page.locator('canvas').first().waitFor({ timeout: 30_000 });
          const cards = await boxes(page.getByRole('tabpanel').locator('section').first().locator(':scope > *'));
          expect(overlappingPairs(cards)).toEqual([]);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `admin-subscriptions-${width}`);
        });

        it('Platform Settings: "YouTube Channels"; Save stays disabled when only blank lines are added', async () => {
          await page.getByRole('tab', { name: 'Platform Settings' }).click();
          const editor = page.getByRole('textbox', { name: 'YouTube Channels' });
          await editor.waitFor();
          const save = page.getByRole('button', { name: 'Save YouTube Channels' });
          expect(await save.isDisabled()).toBe(true);
          await editor.fill(`${await editor.inputValue()}\n\n\n`);
          expect(await save.isDisabled()).toBe(true);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `admin-platform-settings-${width}`);
        });

        it('Pipelines and Outbox use the same 12-hour clock; both lay out without overlaps', async () => {
          const clock = /\b\d{1,2}:\d{2}\s?(AM|PM)\b/;
          await page.getByRole('tab', { name: 'Pipelines' }).click();
          await page.getByLabel('Platform', { exact: true }).selectOption('twitter');
          await page.getByRole('button', { name: 'Run Scan Now' }).click();
          const run = page.getByTestId('pipeline-run').first();
          await run.waitFor({ timeout: 30_000 });
          const started = await run.locator('td').nth(3).innerText();
          expect(started).toMatch(clock);
          expect(started).not.toMatch(/\b(1[3-9]|2[0-3]):\d{2}\b/);
          expect(overlappingPairs(await boxes(run.locator('td')))).toEqual([]);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `admin-pipelines-${width}`);

          // A test e-mail puts one message in the outbox.
          expect(
            (await page.request.post(`${baseUrl}/api/test-email`, { headers: { Origin: baseUrl } })).status(),
          ).toBe(200);
          await page.getByRole('tab', { name: 'Outbox' }).click();
          const received = page.getByRole('tabpanel').locator('td[data-label="Received"]').first();
          await received.waitFor({ timeout: 30_000 });
          expect(await received.innerText()).toMatch(clock);
          expect(await seriousViolations(page)).toEqual([]);
          await screenshot(page, `admin-outbox-${width}`);
        });
      });
    }
  });
});
