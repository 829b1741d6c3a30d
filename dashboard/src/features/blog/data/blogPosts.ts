/** A static blog post (spec §3 "Blog post"). */
export interface BlogPost {
  id: number;
  title: string;
  excerpt: string;
  /** Display text, e.g. "January 25, 2025". */
  date: string;
  /** Display text, e.g. "5 min read". */
  readTime: string;
  category: string;
  slug: string;
  /** HTML body; only some posts carry one. */
  content?: string;
}

/** The posts are static content; the blog issue fills this list. */
export const blogPosts: readonly BlogPost[] = [];

export function findBlogPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}
