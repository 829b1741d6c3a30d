import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogPosts } from '../../dashboard/src/features/blog/data/blogPosts';
import { PUBLIC_PAGE_META } from '../../dashboard/src/features/public/content/pageMeta';
import { projectRoot } from '../../platform/temporalCli';
import { startTestApp, type TestApp } from '../../tests/support/testApp';

const attr = (html: string, selector: RegExp) => selector.exec(html)?.[1];

describe('public pages carry their title, description and content in the HTML itself', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'stockpulse-public-'));
  beforeAll(async () => {
    fs.copyFileSync(path.join(projectRoot, 'dashboard', 'index.html'), path.join(dist, 'index.html'));
    t = await startTestApp({ dashboardDir: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const decode = (s: string | undefined) => s?.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  const pages = [
    ...Object.entries(PUBLIC_PAGE_META).map(([route, meta]) => ({ route, ...meta })),
    { route: '/blog', title: 'Blog - StockPulse', description: undefined },
    ...blogPosts.map((p) => ({ route: `/blog/${p.slug}`, title: `${p.title} - Blog`, description: p.excerpt })),
  ];

  it.each(pages)('$route', async ({ route, title, description }) => {
    const res = await request(t.server).get(route);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(decode(attr(html, /<title>(.*?)<\/title>/s))).toBe(title);
    const metaDescription = decode(attr(html, /<meta name="description" content="([^"]*)"/));
    if (description) expect(metaDescription).toBe(description);
    else expect(metaDescription).toBeTruthy();
    expect(decode(attr(html, /<meta property="og:title" content="([^"]*)"/))).toBe(title);
    expect(attr(html, /<meta property="og:url" content="([^"]*)"/)).toBe(`https://stockpulse.app${route}`);
    expect(attr(html, /<meta property="og:type" content="([^"]*)"/)).toBe(route.startsWith('/blog/') ? 'article' : 'website');
    // Readable content before any script runs, with the disclaimer.
    const root = attr(html, /<div id="root">(.*?)<\/div>\s*<script/s) ?? '';
    expect(root).toMatch(/<h1>/);
    expect(root).toMatch(/educational purposes only/);
  });

  it('a blog post page contains its full body', async () => {
    const res = await request(t.server).get('/blog/power-of-early-detection');
    const post = blogPosts.find((p) => p.slug === 'power-of-early-detection')!;
    expect(res.text).toContain(post.content!.slice(0, 200));
  });

  it('app routes and unknown posts stay a plain shell', async () => {
    for (const route of ['/dashboard', '/blog/no-such-post', '/settings']) {
      const res = await request(t.server).get(route);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
    }
  });
});
