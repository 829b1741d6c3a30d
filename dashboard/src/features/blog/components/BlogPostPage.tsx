import { useParams } from 'react-router-dom';
import { usePageMeta } from '../../../app/usePageMeta';
import { ButtonLink } from '../../../ui/ButtonLink';
import { Icon } from '../../../ui/Icon';
import { findBlogPost } from '../data/blogPosts';

export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = findBlogPost(slug);
  usePageMeta(post ? `${post.title} - Blog` : 'Post Not Found - Blog', post?.excerpt);

  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <ButtonLink to="/blog" variant="ghost" size="sm">
        <Icon name="arrowLeft" />
        Back to Blog
      </ButtonLink>
      {post ? (
        <header className="mt-8">
          <p className="text-sm font-medium text-blue-600 dark:text-blue-400">{post.category}</p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{post.excerpt}</p>
          <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
            {post.date} · {post.readTime}
          </p>
        </header>
      ) : (
        <div className="mt-8 text-center">
          <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Post Not Found</h1>
          <p className="mt-3 text-slate-600 dark:text-slate-400">The blog post you're looking for doesn't exist.</p>
        </div>
      )}
    </article>
  );
}
