import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blogCategories, blogPosts, findBlogPost } from './blogPosts';

/** vitest runs from the repository root. */
const publicDir = path.join(process.cwd(), 'dashboard', 'public');

const NAMED = [
  { slug: 'identify-trending-stocks-before-viral', category: 'Platform Features', readTime: '5 min read' },
  { slug: 'power-of-early-detection', category: 'Investment Strategy', readTime: '4 min read' },
  { slug: 'social-media-influences-stock-prices', category: 'Market Analysis', readTime: '6 min read' },
] as const;

describe('blog data', () => {
  it('has ten posts with every field and unique ids and slugs', () => {
    expect(blogPosts).toHaveLength(10);
    expect(new Set(blogPosts.map((p) => p.slug)).size).toBe(10);
    expect(new Set(blogPosts.map((p) => p.id)).size).toBe(10);
    for (const post of blogPosts) {
      expect(post.title).toBeTruthy();
      expect(post.excerpt).toBeTruthy();
      expect(post.category).toBeTruthy();
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.date).toMatch(/^January \d{1,2}, 2025$/);
      expect(post.readTime).toMatch(/^\d+ min read$/);
    }
  });

  it.each(NAMED)('$slug has its category, read time, a January 23-25 date and a full HTML body', (named) => {
    const post = findBlogPost(named.slug);
    expect(post).toBeDefined();
    expect(post?.category).toBe(named.category);
    expect(post?.readTime).toBe(named.readTime);
    expect(post?.date).toMatch(/^January 2[345], 2025$/);
    expect(post?.content?.length).toBeGreaterThan(2000);
    expect(post?.content).toContain('<h2>');
  });

  it('every body carries the no-advice disclaimer', () => {
    for (const post of blogPosts) {
      if (!post.content) continue;
      expect(post.content).toMatch(/does not provide financial advice/);
      expect(post.content).toMatch(/educational purposes only/);
    }
  });

  it('the chips are All Posts plus each distinct category once', () => {
    const chips = blogCategories();
    expect(chips[0]).toBe('All Posts');
    expect(new Set(chips).size).toBe(chips.length);
    expect(new Set(chips.slice(1))).toEqual(new Set(blogPosts.map((p) => p.category)));
  });

  it('unknown slugs find nothing', () => {
    expect(findBlogPost('no-such-post')).toBeUndefined();
  });

  it('sitemap.xml lists every public page and every post', () => {
    const sitemap = fs.readFileSync(path.join(publicDir, 'sitemap.xml'), 'utf8');
    for (const route of ['/', '/features', '/pricing', '/privacy', '/terms', '/blog', '/docs/api', ...blogPosts.map((p) => `/blog/${p.slug}`)]) {
      expect(sitemap).toContain(`<loc>https://stockpulse.app${route}</loc>`);
    }
    expect(sitemap.match(/<loc>/g)).toHaveLength(7 + blogPosts.length);
  });

  it('robots.txt allows the public site and points at the sitemap', () => {
    const robots = fs.readFileSync(path.join(publicDir, 'robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://stockpulse.app/sitemap.xml');
    expect(robots).toMatch(/^Allow: \/$/m);
  });
});
