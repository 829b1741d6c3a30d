/** A static blog post. */
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
  /** HTML body: our own static content, rendered as HTML on the post page. Optional; every post carries one. */
  content?: string;
}

/** Closing paragraph every post body ends with (no financial advice). */
export const POST_DISCLAIMER_HTML =
  '<p class="post-disclaimer"><strong>Disclaimer:</strong> StockPulse does not provide financial advice. ' +
  'This article is for educational purposes only and is not a recommendation to buy or sell any security. ' +
  'Do your own research and consider speaking with a licensed financial adviser before you invest.</p>';
