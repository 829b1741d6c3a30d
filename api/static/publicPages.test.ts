import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeHTML } from 'entities';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../dashboard/src/features/blog/data/blogPosts';
import { BLOG_TITLE } from '../../dashboard/src/features/blog/data/blogMeta';
import { PUBLIC_PAGE_META } from '../../dashboard/src/features/public/content/pageMeta';
import { buildDashboard } from '../../scripts/build/buildDashboard';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];
const decode = (s: string | undefined) => (s === undefined ? undefined : decodeHTML(s));
/** The text a reader (or a crawler without JavaScript) sees: #root without tags or scripts. */
const visibleText = (html: string) =>
  decode(
    (attr(html, /<div id="root">(.*)<\/div>\s*<\/body>/s) ?? '')
      .replace(/<script[^>]*>.*?<\/script>/gs, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  ) ?? '';
const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => (JSON.parse(m[1]!) as { '@type': string })['@type'],
  );

/** The real `npm run build` (Vite client bundle, SSR bundle, pre-render) into a temporary folder, served by the real app. */
describe('the built public site answers every public URL with its full HTML, and unknown URLs with a 404', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-public-'));
  beforeAll(async () => {
    await buildDashboard({ distDir: dist, logLevel: 'silent' });
    t = await startTestApp({ dashboardDir: dist });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const post = blogPosts.find((p) => p.slug === 'power-of-early-detection')!;
  const pages = [
    {
      route: '/',
      ...PUBLIC_PAGE_META['/'],
      texts: ['Monitor stock trends in real time', 'Real-Time Monitoring', 'Lightning Fast', '$49', '10,000+'],
      jsonLd: ['Organization'],
    },
    {
      route: '/features',
      ...PUBLIC_PAGE_META['/features'],
      texts: ['Sentiment Analysis', 'finance-aware language analysis'],
      jsonLd: ['Organization'],
    },
    {
      route: '/pricing',
      ...PUBLIC_PAGE_META['/pricing'],
      texts: [
        'How does the free trial work?',
        'You must be at least 18 years old',
        '30-day money-back guarantee',
        "What's included",
      ],
      jsonLd: ['FAQPage', 'Product', 'Organization'],
    },
    {
      route: '/privacy',
      ...PUBLIC_PAGE_META['/privacy'],
      texts: ['Privacy Policy', '7 years'],
      jsonLd: ['Organization'],
    },
    {
      route: '/terms',
      ...PUBLIC_PAGE_META['/terms'],
      texts: ['Terms of Service', 'at least 18 years old'],
      jsonLd: ['Organization'],
    },
    {
      route: '/blog',
      title: BLOG_TITLE,
      description: undefined,
      texts: ['Latest Articles', ...blogPosts.map((p) => p.title)],
      jsonLd: ['Organization'],
    },
    ...blogPosts.map((p) => ({
      route: `/blog/${p.slug}`,
      title: `${p.title} - Blog`,
      description: p.excerpt,
      texts: [p.title, p.readTime, 'Back to Blog'],
      jsonLd: ['BlogPosting', 'Organization'],
    })),
  ];

  it.each(pages)('$route', async ({ route, title, description, texts, jsonLd }) => {
    const res = await request(t.server).get(route);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    const html = res.text;
    expect(decode(attr(html, /<title>(.*?)<\/title>/s))).toBe(title);
    const metaDescription = decode(attr(html, /<meta name="description" content="([^"]*)"/));
    if (description) expect(metaDescription).toBe(description);
    else expect(metaDescription).toBeTruthy();
    expect(decode(attr(html, /<meta property="og:title" content="([^"]*)"/))).toBe(title);
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(`https://stockpulse.app${route}`);
    expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`https://stockpulse.app${route}`);
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe(
      route.startsWith('/blog/') ? 'article' : 'website',
    );
    const text = visibleText(html);
    for (const snippet of [...texts, 'Features', 'Pricing', 'Blog', 'educational purposes only', '© 2025 StockPulse'])
      expect(text).toContain(snippet);
    expect(jsonLdTypes(html).sort()).toEqual([...jsonLd].sort());
    // No inline script the Content-Security-Policy would block: every script is a file or JSON-LD data.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc="|type="application\/ld\+json"/);
  });

  it('a blog post page holds its full body, and its BlogPosting names it', async () => {
    const res = await request(t.server).get(`/blog/${post.slug}`);
    expect(res.text).toContain(post.content!.slice(0, 200));
    const ld = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(ld.find((d) => d['@type'] === 'BlogPosting')).toMatchObject({
      headline: post.title,
      datePublished: '2025-01-24',
      url: `https://stockpulse.app/blog/${post.slug}`,
    });
  });

  it('the pricing page offers the Pro plan at $49 in USD', async () => {
    const res = await request(t.server).get('/pricing');
    const ld = [...res.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    expect(ld.find((d) => d['@type'] === 'Product')).toMatchObject({
      offers: { '@type': 'Offer', price: '49', priceCurrency: 'USD' },
    });
  });

  it.each(['/no/such/page', '/blog/no-such-post', '/pricing/extra', '/dashboardx'])(
    '%s is a real 404 with the 404 page',
    async (route) => {
      const res = await request(t.server).get(route);
      expect(res.status).toBe(404);
      expect(res.type).toBe('text/html');
      expect(visibleText(res.text)).toContain('404 Page Not Found');
      expect(res.text).toContain('<meta name="robots" content="noindex" />');
      expect(res.text).not.toContain('og:url');
    },
  );

  it('app pages get the empty shell the browser renders, and a trailing slash finds the page', async () => {
    for (const route of [
      '/dashboard',
      '/alerts',
      '/settings',
      '/subscribe',
      '/admin',
      '/auth',
      '/verify-email?token=abc',
      '/reset-password?token=abc',
    ]) {
      const res = await request(t.server).get(route);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
    }
    const res = await request(t.server).get('/features/');
    expect(res.status).toBe(200);
    expect(decode(attr(res.text, /<title>(.*?)<\/title>/s))).toBe(PUBLIC_PAGE_META['/features'].title);
  });

  it('the built assets and the API are not affected', async () => {
    expect((await request(t.server).get('/robots.txt')).status).toBe(200);
    expect((await request(t.server).get('/api/no-such-route')).status).toBe(404);
    expect((await request(t.server).get('/.pages/manifest.json')).status).toBe(404);
  });
});
