// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsOffConfig } from '../../../testing/fixtures';
import { jsonResponse, mockApi, textResponse, type RecordedRequest } from '../../../testing/mockFetch';
import { renderRoute } from '../../../testing/renderRoute';
import { blogCategories, blogPosts } from '../data/blogPosts';

const baseRoutes = {
  'GET /api/user': textResponse('Unauthorized', 401, 'Unauthorized'),
  'GET /api/config': paymentsOffConfig,
};

beforeEach(() => {
  mockApi(baseRoutes);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/blog', () => {
  it('shows the hero, the chips, ten cards, the newsletter, popular topics and the CTA', async () => {
    renderRoute('/blog');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stock Market Insights & Social Media Trends' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Latest Articles' })).toBeTruthy();
    expect(screen.getByText('No spam. Unsubscribe anytime.')).toBeTruthy();
    for (const topic of ['Trending Stocks', 'Social Media Analysis', 'Trading Strategies']) {
      expect(screen.getByRole('heading', { name: topic })).toBeTruthy();
    }
    const readMore = screen.getAllByRole('link', { name: /^Read More/ });
    expect(readMore).toHaveLength(10);
    expect(readMore.map((link) => link.getAttribute('href'))).toEqual(blogPosts.map((p) => `/blog/${p.slug}`));
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('/features');
    expect(screen.getAllByRole('link', { name: 'Start Free Trial' })[0]?.getAttribute('href')).toBe('/auth');
    expect(screen.getByText(/© 2025 StockPulse/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Blog - StockPulse'));
    expect(document.head.querySelector('meta[property="og:url"]')?.getAttribute('content')).toBe(
      'https://stockpulse.app/blog',
    );
  });

  it('shows All Posts plus one chip per category, and clicking a chip filters nothing', async () => {
    renderRoute('/blog');
    const chipList = await screen.findByRole('list', { name: 'Categories' });
    const chips = within(chipList).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(blogCategories());
    expect(chips[0]?.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chips[1] as HTMLElement);
    expect(screen.getAllByRole('link', { name: /^Read More/ })).toHaveLength(10);
  });

  it('the card title opens the post and the post leads back to the blog', async () => {
    const { router } = renderRoute('/blog');
    fireEvent.click(await screen.findByRole('link', { name: 'The Power of Early Detection in Stock Trading' }));
    // Each page is its own chunk (route.lazy): the first visit waits for its import.
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'The Power of Early Detection in Stock Trading' },
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/blog/power-of-early-detection');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Blog' }));
    expect(await screen.findByRole('heading', { name: 'Latest Articles' }, { timeout: 5_000 })).toBeTruthy();
  });
});

describe('newsletter', () => {
  async function submit(email: string) {
    const input = await screen.findByRole('textbox', { name: 'Email address' });
    fireEvent.change(input, { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  }

  it('posts the address to /api/newsletter and confirms with a toast', async () => {
    const requests = mockApi({ ...baseRoutes, 'POST /api/newsletter': jsonResponse({ subscribed: true }, 200) });
    renderRoute('/blog');
    await submit('  reader@example.com ');
    expect(await screen.findByText('Subscribed')).toBeTruthy();
    expect(screen.getByText("You're on the list. Watch your inbox for our weekly insights.")).toBeTruthy();
    const posts = requests.filter((r: RecordedRequest) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/newsletter');
    expect(posts[0]?.body).toEqual({ email: 'reader@example.com' });
    expect((screen.getByRole('textbox', { name: 'Email address' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when the address is refused', async () => {
    mockApi({
      ...baseRoutes,
      'POST /api/newsletter': jsonResponse({ message: 'Please enter a valid email address', field: 'email' }, 400),
    });
    renderRoute('/blog');
    await submit('reader@example.com');
    expect(await screen.findByText('Could not subscribe')).toBeTruthy();
    // The 400 names the field, so the message also shows under the field.
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
  });

  it('does not send an address the contract refuses', async () => {
    const requests = mockApi(baseRoutes);
    renderRoute('/blog');
    await submit('reader@example.c0m');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(requests.some((r: RecordedRequest) => r.method === 'POST')).toBe(false);
  });
});

describe('/blog/{slug}', () => {
  it('renders a post with its metadata, Share button, HTML body and CTA', async () => {
    renderRoute('/blog/identify-trending-stocks-before-viral');
    const title = 'How to Identify Trending Stocks Before They Go Viral';
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('Platform Features')).toBeTruthy();
    expect(screen.getByText('January 25, 2025')).toBeTruthy();
    expect(screen.getByText('5 min read')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: /Finding the tickers/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
    expect(
      screen.getAllByRole('link', { name: 'Start Free Trial' }).every((l) => l.getAttribute('href') === '/auth'),
    ).toBe(true);
    await waitFor(() => expect(document.title).toBe(`${title} - Blog`));
    const post = blogPosts[0];
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(post?.excerpt);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('article');
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(`${title} - Blog`);
  });

  it('an unknown slug is the 404 page, with a way home', async () => {
    renderRoute('/blog/no-such-post');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
