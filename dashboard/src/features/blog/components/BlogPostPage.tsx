import { useTrialOffer } from '../../../app/config/publicConfig';
import { useParams } from 'react-router-dom';
import { SITE_NAME, SITE_URL, usePageMeta } from '../../../app/usePageMeta';
import { JsonLd } from '../../../ui/JsonLd';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';
import { findBlogPost, type BlogPost } from '../data/blogPosts';
import { NotFoundPage } from '../../../app/errors/NotFoundPage';

/** Styles for the post's HTML body (our own static content from data/posts). */
const bodyClasses =
  'mt-10 text-base leading-relaxed text-slate-700 dark:text-slate-300 ' +
  '[&_p]:mt-4 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white ' +
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white ' +
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 ' +
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white ' +
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm dark:[&_code]:bg-slate-800 ' +
  '[&_.post-disclaimer]:mt-10 [&_.post-disclaimer]:rounded-lg [&_.post-disclaimer]:border [&_.post-disclaimer]:border-slate-200 ' +
  '[&_.post-disclaimer]:bg-slate-50 [&_.post-disclaimer]:p-4 [&_.post-disclaimer]:text-sm dark:[&_.post-disclaimer]:border-slate-800 dark:[&_.post-disclaimer]:bg-slate-900';

/** A post by its slug; an unknown slug is the site's 404 page (the server answers it with status 404). */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = findBlogPost(slug);
  return post ? <BlogPostArticle post={post} /> : <NotFoundPage />;
}

function BlogPostArticle({ post }: { post: BlogPost }) {
  usePageMeta(`${post.title} - Blog`, post.excerpt, { type: 'article', path: `/blog/${post.slug}` });
  const trial = useTrialOffer();

  return (
    <>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <ButtonLink to="/blog" variant="ghost" size="sm" className="-ml-3">
          <Icon name="arrowLeft" />
          Back to Blog
        </ButtonLink>
        <header className="mt-8">
          <Badge variant="secondary">{post.category}</Badge>
          <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl dark:text-white">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{post.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-6 dark:border-slate-800">
            <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
              <time>{post.date}</time>
              <span className="inline-flex items-center gap-1">
                <Icon name="clock" className="h-4 w-4" />
                {post.readTime}
              </span>
            </p>
            {/* A Share button with no handler. */}
            <Button variant="outline" size="sm">
              Share
            </Button>
          </div>
        </header>
        <JsonLd
          data={{
            '@type': 'BlogPosting',
            headline: post.title,
            description: post.excerpt,
            datePublished: new Date(`${post.date} 12:00 UTC`).toISOString().slice(0, 10),
            articleSection: post.category,
            url: `${SITE_URL}/blog/${post.slug}`,
            mainEntityOfPage: `${SITE_URL}/blog/${post.slug}`,
            author: { '@type': 'Organization', name: SITE_NAME },
            publisher: { '@type': 'Organization', name: SITE_NAME, url: SITE_URL },
          }}
        />
        {post.content ? (
          // Static HTML written by us and stored in data/posts, never user input.
          <div className={bodyClasses} dangerouslySetInnerHTML={{ __html: post.content }} />
        ) : (
          <p className="mt-10 text-slate-600 dark:text-slate-300">The full article is coming soon.</p>
        )}
      </article>
      <section aria-labelledby="post-cta-heading" className="bg-slate-100 dark:bg-slate-900">
        <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:px-6 lg:px-8">
          <h2 id="post-cta-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            Ready to spot trends before they go viral?
          </h2>
          <p className="mt-3 text-slate-600 dark:text-slate-300">
            Start your {trial.headline} of StockPulse, {trial.terms}.
          </p>
          <ButtonLink to="/auth" size="lg" className="mt-6">
            Start Free Trial
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
