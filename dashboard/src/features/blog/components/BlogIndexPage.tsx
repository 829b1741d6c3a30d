import { useTrialOffer } from '../../../app/config/publicConfig';
import { BLOG_DESCRIPTION, BLOG_TITLE } from '../data/blogMeta';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../app/usePageMeta';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Icon, type IconName } from '../../../ui/Icon';
import { CtaSection } from '../../../app/layout/CtaSection';
import { blogCategories, blogPosts, type BlogPost } from '../data/blogPosts';
import { NewsletterSignup } from './NewsletterSignup';

export { BLOG_DESCRIPTION, BLOG_TITLE };

const POPULAR_TOPICS: readonly { icon: IconName; title: string; text: string }[] = [
  { icon: 'trendingUp', title: 'Trending Stocks', text: 'Which tickers are heating up on social media, and why.' },
  {
    icon: 'messageCircle',
    title: 'Social Media Analysis',
    text: 'How Reddit, Twitter and YouTube conversation shapes the market.',
  },
  {
    icon: 'activity',
    title: 'Trading Strategies',
    text: 'Ways to use social signals with discipline and sensible risk rules.',
  },
];

/** The chips are shown, "All Posts" selected; they filter nothing. */
export function CategoryChips({ categories }: { categories: readonly string[] }) {
  return (
    <ul aria-label="Categories" className="flex flex-wrap justify-center gap-2">
      {categories.map((category, index) => (
        <li key={category}>
          <button
            type="button"
            aria-pressed={index === 0}
            className={
              'rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 ' +
              'focus-visible:ring-blue-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white dark:focus-visible:ring-offset-slate-950 ' +
              (index === 0
                ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-400 dark:text-slate-950'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800')
            }
          >
            {category}
          </button>
        </li>
      ))}
    </ul>
  );
}

function PostCard({ post }: { post: BlogPost }) {
  return (
    <Card className="relative flex h-full flex-col p-6 transition-shadow focus-within:ring-2 focus-within:ring-blue-500 hover:shadow-md">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge variant="secondary">{post.category}</Badge>
        <span className="inline-flex items-center gap-1 text-slate-600 dark:text-slate-400">
          <Icon name="clock" className="h-3.5 w-3.5" />
          {post.readTime}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
        {/* The title link covers the whole card (click anywhere opens the post). */}
        <Link
          to={`/blog/${post.slug}`}
          className="focus-visible:outline-none after:absolute after:inset-0 after:rounded-xl hover:text-blue-700 dark:hover:text-blue-400"
        >
          {post.title}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600 dark:text-slate-300">{post.excerpt}</p>
      <div className="mt-6 flex items-center justify-between gap-3 text-sm">
        <span className="text-slate-600 dark:text-slate-400">{post.date}</span>
        <Link
          to={`/blog/${post.slug}`}
          aria-label={`Read More: ${post.title}`}
          className="relative z-10 inline-flex items-center gap-1 rounded font-medium text-blue-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-blue-400"
        >
          Read More
        </Link>
      </div>
    </Card>
  );
}

export function BlogIndexPage() {
  usePageMeta(BLOG_TITLE, BLOG_DESCRIPTION, { path: '/blog' });
  const trial = useTrialOffer();

  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <Badge variant="secondary" className="px-3 py-1">
            StockPulse Blog
          </Badge>
          <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            Stock Market Insights &amp; Social Media Trends
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
            How online conversation moves stocks, and how to spot it early. Analysis, strategies and product guides from
            the StockPulse team.
          </p>
          <div className="mt-8">
            <CategoryChips categories={blogCategories()} />
          </div>
        </div>
      </section>

      <section aria-labelledby="latest-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="latest-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          Latest Articles
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {blogPosts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      </section>

      <NewsletterSignup />

      <section aria-labelledby="topics-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="topics-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
          Popular Topics
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-3">
          {POPULAR_TOPICS.map((topic) => (
            <li key={topic.title}>
              <Card className="flex h-full flex-col items-center p-6 text-center">
                <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
                  <Icon name={topic.icon} className="h-5 w-5" />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900 dark:text-white">{topic.title}</h3>
                <p className="mt-2 flex-1 text-sm text-slate-600 dark:text-slate-300">{topic.text}</p>
                {/* The topic buttons do nothing. */}
                <Button variant="outline" size="sm" className="mt-4">
                  Explore {topic.title}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <CtaSection
        title="Start spotting trends today"
        description={`Put these insights to work: StockPulse monitors Reddit, Twitter and YouTube for you. ${trial.headline}, ${trial.terms}.`}
      />
    </>
  );
}
