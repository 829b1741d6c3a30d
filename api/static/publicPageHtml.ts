import { BLOG_DESCRIPTION, BLOG_TITLE } from '../../dashboard/src/features/blog/data/blogMeta';
import { blogPosts, findBlogPost } from '../../dashboard/src/features/blog/data/blogPosts';
import { FEATURE_CARDS, PLAN, PLAN_FEATURES, STATS } from '../../dashboard/src/features/public/content/marketing';
import { PUBLIC_PAGE_META } from '../../dashboard/src/features/public/content/pageMeta';

const SITE_URL = 'https://stockpulse.app';
const DISCLAIMER = 'StockPulse does not provide financial advice. Information is for educational purposes only.';

export interface PublicPage {
  title: string;
  description: string;
  type: 'website' | 'article';
  path: string;
  /** Readable HTML of the page's content, shown before the script runs (crawlers, link previews, slow phones). */
  body: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const list = (items: readonly string[]) => `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
const nav = `<nav><a href="/">StockPulse</a> <a href="/features">Features</a> <a href="/pricing">Pricing</a> <a href="/blog">Blog</a> <a href="/auth">Sign In</a></nav>`;
const page = (heading: string, content: string) => `${nav}<main><h1>${escapeHtml(heading)}</h1>${content}</main><footer><p>${DISCLAIMER}</p></footer>`;

/** The public page at a path, or undefined for app routes (which stay a plain SPA shell). */
export function publicPage(path: string): PublicPage | undefined {
  const meta = (key: keyof typeof PUBLIC_PAGE_META) => PUBLIC_PAGE_META[key];
  const plan = `<h2>${PLAN.name}: ${PLAN.price}/${PLAN.period}</h2><p>${PLAN.marketingTrialDays}-day free trial, no credit card required.</p>${list(PLAN_FEATURES)}`;
  switch (path) {
    case '/': {
      const { title, description } = meta('/');
      const features = FEATURE_CARDS.map((f) => `<h3>${escapeHtml(f.title)}</h3><p>${escapeHtml(f.description)}</p>`).join('');
      const stats = list(STATS.map((s) => `${s.value} ${s.label}`));
      return { title, description, type: 'website', path, body: page('Social Media Monitoring for stock trends', `<p>${escapeHtml(description)}</p><p><a href="/auth">Start Free Trial</a></p>${features}${plan}${stats}<p><a href="/features">Learn More</a></p>`) };
    }
    case '/features':
    case '/pricing':
    case '/privacy':
    case '/terms': {
      const { title, description } = meta(path);
      const extra = path === '/features' ? FEATURE_CARDS.map((f) => `<h2>${escapeHtml(f.title)}</h2><p>${escapeHtml(f.details)}</p>`).join('') : path === '/pricing' ? plan : '';
      return { title, description, type: 'website', path, body: page(title.replace(/ - StockPulse$/, ''), `<p>${escapeHtml(description)}</p>${extra}`) };
    }
    case '/blog': {
      const items = blogPosts
        .map((p) => `<article><p>${escapeHtml(p.category)} · ${escapeHtml(p.readTime)} · ${escapeHtml(p.date)}</p><h2><a href="/blog/${p.slug}">${escapeHtml(p.title)}</a></h2><p>${escapeHtml(p.excerpt)}</p></article>`)
        .join('');
      return { title: BLOG_TITLE, description: BLOG_DESCRIPTION, type: 'website', path, body: page('Stock market insights and social media trends', items) };
    }
    default: {
      const slug = /^\/blog\/([a-z0-9-]+)$/.exec(path)?.[1];
      const post = slug ? findBlogPost(slug) : undefined;
      if (!post) return undefined;
      // Post bodies are our own static content (dashboard/src/features/blog/data), not user input.
      const body = `<article><p>${escapeHtml(post.category)} · ${escapeHtml(post.date)} · ${escapeHtml(post.readTime)}</p><p>${escapeHtml(post.excerpt)}</p>${post.content ?? ''}</article><p><a href="/blog">Back to Blog</a> <a href="/auth">Start Free Trial</a></p>`;
      return { title: `${post.title} - Blog`, description: post.excerpt, type: 'article', path, body: page(post.title, body) };
    }
  }
}

/** index.html with the page's title, description and Open Graph tags, and its readable content inside #root (React replaces it on start). */
export function renderPublicPage(indexHtml: string, p: PublicPage): string {
  const title = escapeHtml(p.title);
  const description = escapeHtml(p.description);
  const setMeta = (html: string, attribute: 'name' | 'property', key: string, value: string) => {
    const pattern = new RegExp(`<meta\\s+${attribute}="${key}"[^>]*>`, 's');
    const tag = `<meta ${attribute}="${key}" content="${value}" />`;
    return pattern.test(html) ? html.replace(pattern, tag) : html.replace('</head>', `  ${tag}\n  </head>`);
  };
  let html = indexHtml.replace(/<title>.*?<\/title>/s, `<title>${title}</title>`);
  html = setMeta(html, 'name', 'description', description);
  html = setMeta(html, 'property', 'og:title', title);
  html = setMeta(html, 'property', 'og:description', description);
  html = setMeta(html, 'property', 'og:type', p.type);
  html = setMeta(html, 'property', 'og:url', `${SITE_URL}${p.path === '/' ? '/' : p.path}`);
  return html.replace('<div id="root"></div>', `<div id="root">${p.body}</div>`);
}
