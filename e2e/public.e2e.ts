import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser';

/** The public site at desktop and phone widths. */

const NAMED_POSTS = [
  { slug: 'identify-trending-stocks-before-viral', title: 'How to Identify Trending Stocks Before They Go Viral' },
  { slug: 'power-of-early-detection', title: 'The Power of Early Detection in Stock Trading' },
  { slug: 'social-media-influences-stock-prices', title: 'How Social Media Influences Stock Prices' },
] as const;

const PAGES = [
  { path: '/', name: 'landing', heading: /Monitor stock trends/ },
  { path: '/features', name: 'features', heading: 'Features' },
  { path: '/pricing', name: 'pricing', heading: 'Pricing' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy Policy' },
  { path: '/terms', name: 'terms', heading: 'Terms of Service' },
  { path: '/blog', name: 'blog', heading: 'Stock Market Insights & Social Media Trends' },
  ...NAMED_POSTS.map((post) => ({ path: `/blog/${post.slug}`, name: `post-${post.slug}`, heading: post.title })),
] as const;

const WIDTHS = [1280, 360] as const;

interface ContrastFailure {
  text: string;
  ratio: number;
  required: number;
  color: string;
  background: string;
}

/**
 * WCAG AA contrast of every visible text node's element against the nearest opaque background behind it
 * (walking up the ancestors; Tailwind 4 computes oklch colours, so they are converted through a canvas).
 * Gradients count as their nearest solid ancestor colour, so this is an approximation for gradient heroes.
 */
async function findContrastFailures(page: Page): Promise<ContrastFailure[]> {
  // Colours are read once every transition has ended: the theme applied at hydration fades colours in, and a colour
  // caught halfway is neither theme's.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  return await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return [];
    const toRgba = (color: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const luminance = ([r, g, b]: [number, number, number, number]) => {
      const f = (v: number) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const backgroundOf = (element: Element | null): [number, number, number, number] => {
      for (let el = element; el; el = el.parentElement) {
        const bg = getComputedStyle(el).backgroundColor;
        const rgba = toRgba(bg);
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent' && rgba[3] > 0.5) return rgba;
      }
      return document.documentElement.classList.contains('dark') ? [2, 6, 23, 1] : [255, 255, 255, 1];
    };
    const failures: { text: string; ratio: number; required: number; color: string; background: string }[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || seen.has(el) || !node.textContent?.trim()) continue;
      seen.add(el);
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      if (
        style.visibility === 'hidden' ||
        rect.width <= 1 ||
        rect.height <= 1 ||
        el.closest('[aria-hidden="true"], :disabled, .sr-only')
      )
        continue;
      const fg = toRgba(style.color);
      const bg = backgroundOf(el);
      const l1 = luminance(fg);
      const l2 = luminance(bg);
      const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
      const size = parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const required = large ? 3 : 4.5;
      if (ratio < required - 0.05) {
        failures.push({
          text: node.textContent.trim().slice(0, 60),
          ratio: Math.round(ratio * 100) / 100,
          required,
          color: style.color,
          background: `rgb(${bg.slice(0, 3).join(',')})`,
        });
      }
    }
    return failures;
  });
}

describe('the public site', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  async function openPage(
    width: number,
    theme: 'light' | 'dark' = 'light',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('stockpulse-theme', t), theme);
    return { context, page: await context.newPage() };
  }

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => ({ context, page } = await openPage(width)));
      afterAll(async () => context?.close());

      it.each(PAGES)(
        '$path shows its heading and the disclaimer, without horizontal scrolling',
        async ({ path, name, heading }) => {
          await page.goto(`${baseUrl}${path}`);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          const footer = page.locator('footer');
          await footer.getByText(/does not provide financial advice/).waitFor();
          expect(await footer.getByText(/educational purposes only/).isVisible()).toBe(true);
          expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
          expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(
            `https://stockpulse.app${path}`,
          );
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `public-${name}-${width}`);
        },
      );

      it('the landing page has every element and its links', async () => {
        await page.goto(`${baseUrl}/`);
        await page.getByText('Social Media Monitoring').first().waitFor();
        expect(await page.title()).toMatch(/Monitor Social Media Stock Trends in Real Time/);
        const header = page.getByRole('navigation', { name: 'Main' });
        for (const [name, href] of [
          ['Features', '/features'],
          ['Pricing', '/pricing'],
          ['Blog', '/blog'],
          ['Sign In', '/auth'],
        ] as const) {
          expect(await header.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
        }
        expect(await page.getByRole('button', { name: 'View Demo' }).isVisible()).toBe(true);
        for (const title of [
          'Real-Time Monitoring',
          'Smart Alerts',
          'Sentiment Analysis',
          'Price Integration',
          'Secure & Reliable',
          'Lightning Fast',
        ]) {
          expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
        }
        const text = await page.locator('main').innerText();
        for (const snippet of [
          'Pro',
          '$49',
          '/month',
          '7-day free trial',
          'No credit card required',
          'Unlimited stock monitoring',
          'Real-time alerts via email and SMS',
          'Advanced sentiment analysis',
          'Historical trend data',
          'Priority support',
          '10,000+',
          '1M+',
          '99.9%',
        ]) {
          expect(text).toContain(snippet);
        }
        const trials = page.getByRole('link', { name: 'Start Free Trial' });
        expect(await trials.count()).toBeGreaterThanOrEqual(2);
        for (const href of await trials.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
          expect(href).toBe('/auth');
        expect(await page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/features');
        // Footer
        const footerLinks = await page
          .locator('footer a')
          .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
        expect(footerLinks).toEqual(
          expect.arrayContaining([
            ['StockPulse', '/'],
            ['Features', '/features'],
            ['Pricing', '/pricing'],
            ['Dashboard', '/dashboard'],
            ['Blog', '/blog'],
            ['Privacy Policy', '/privacy'],
            ['Terms of Service', '/terms'],
            ['Contact', expect.stringMatching(/^mailto:.+@.+/)],
            ['Support', expect.stringMatching(/^mailto:.+@.+/)],
          ]),
        );
        expect(await page.locator('footer').innerText()).toContain('© 2025 StockPulse');
      });

      it('Start Free Trial leads to /auth and Learn More to /features', async () => {
        await page.goto(`${baseUrl}/`);
        await page.getByRole('link', { name: 'Learn More' }).click();
        await page.waitForURL(`${baseUrl}/features`);
        await page.goto(`${baseUrl}/`);
        await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
        await page.waitForURL(`${baseUrl}/auth`);
      });

      it('the blog: chips, ten cards, card → post → Back to Blog, Read More', async () => {
        await page.goto(`${baseUrl}/blog`);
        const chips = page.getByRole('list', { name: 'Categories' }).getByRole('button');
        expect(await chips.first().innerText()).toBe('All Posts');
        expect(await chips.count()).toBeGreaterThan(2);
        expect(await page.getByRole('link', { name: /^Read More/ }).count()).toBe(10);
        for (const topic of ['Trending Stocks', 'Social Media Analysis', 'Trading Strategies']) {
          expect(await page.getByRole('heading', { name: topic, exact: true }).isVisible()).toBe(true);
        }
        expect(await page.getByText('No spam. Unsubscribe anytime.').isVisible()).toBe(true);

        await page.getByRole('link', { name: NAMED_POSTS[0].title, exact: true }).click();
        await page.waitForURL(`${baseUrl}/blog/${NAMED_POSTS[0].slug}`);
        await page.getByRole('heading', { level: 1, name: NAMED_POSTS[0].title }).waitFor();
        expect(await page.title()).toBe(`${NAMED_POSTS[0].title} - Blog`);
        expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
        expect(await page.getByRole('button', { name: 'Share' }).isVisible()).toBe(true);
        expect(await page.getByText('5 min read').isVisible()).toBe(true);
        expect(await page.getByText('January 25, 2025').isVisible()).toBe(true);
        expect(await page.getByRole('heading', { level: 2, name: /Finding the tickers/ }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Start Free Trial' }).last().getAttribute('href')).toBe('/auth');
        await page.getByRole('link', { name: 'Back to Blog' }).click();
        await page.waitForURL(`${baseUrl}/blog`);

        await page.getByRole('link', { name: `Read More: ${NAMED_POSTS[2].title}` }).click();
        await page.waitForURL(`${baseUrl}/blog/${NAMED_POSTS[2].slug}`);
        await page.getByRole('heading', { level: 1, name: NAMED_POSTS[2].title }).waitFor();
      });

      it('an unknown slug is the 404 page (status 404) and leads home', async () => {
        const response = await page.goto(`${baseUrl}/blog/no-such-post`);
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await screenshot(page, `public-post-not-found-${width}`);
        await page.getByRole('link', { name: 'Go to the home page' }).click();
        await page.waitForURL(`${baseUrl}/`);
      });

      it('an unknown path is the 404 page', async () => {
        await page.goto(`${baseUrl}/no/such/page`);
        await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
        await screenshot(page, `public-404-${width}`);
      });
    });
  }

  it('the newsletter form sends the address and confirms (endpoint stubbed in the browser)', async () => {
    const { context, page } = await openPage(360);
    const bodies: unknown[] = [];
    await page.route('**/api/newsletter', async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ subscribed: true }) });
    });
    await page.goto(`${baseUrl}/blog`);
    // The page arrives pre-rendered: a Subscribe pressed before hydration would submit the form natively. The toaster
    // mounts once the page has hydrated, so its live region says the form is React's.
    await page.locator('section[aria-live="polite"][aria-label^="Notifications"]').waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: 'Email address' }).fill('reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText("You're on the list. Watch your inbox for our weekly insights.").waitFor();
    expect(bodies).toEqual([{ email: 'reader@example.com' }]);
    await context.close();
  });

  it('is keyboard navigable with a visible focus ring', async () => {
    const { context, page } = await openPage(1280);
    await page.goto(`${baseUrl}/`);
    await page.getByText('Social Media Monitoring').first().waitFor();
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return {
        text: el.textContent,
        shadow: getComputedStyle(el).boxShadow,
        outline: getComputedStyle(el).outlineStyle,
      };
    });
    expect(first.text).toContain('StockPulse');
    expect(first.shadow !== 'none' || first.outline !== 'none').toBe(true);
    // Reaching "Start Free Trial" by keyboard and pressing Enter opens /auth.
    for (let i = 0; i < 30; i += 1) {
      const label = await page.evaluate(() => document.activeElement?.textContent?.trim());
      if (label === 'Start Free Trial') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/auth`);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`meets WCAG AA text contrast in the ${theme} theme`, async () => {
      const { context, page } = await openPage(1280, theme);
      const failures: (ContrastFailure & { path: string })[] = [];
      for (const { path, heading } of [...PAGES, { path: '/blog/no-such-post', heading: '404 Page Not Found' }]) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        failures.push(...(await findContrastFailures(page)).map((f) => ({ ...f, path })));
      }
      if (theme === 'dark') {
        await page.goto(`${baseUrl}/blog`);
        await screenshot(page, 'public-blog-dark');
      }
      expect(failures).toEqual([]);
      await context.close();
    });
  }

  it('serves robots.txt and sitemap.xml', async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(await robots.text()).toContain('Sitemap: https://stockpulse.app/sitemap.xml');
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    for (const path of [
      '/',
      '/features',
      '/pricing',
      '/privacy',
      '/terms',
      '/blog',
      ...NAMED_POSTS.map((p) => `/blog/${p.slug}`),
    ]) {
      expect(sitemap).toContain(`<loc>https://stockpulse.app${path}</loc>`);
    }
  });
});
