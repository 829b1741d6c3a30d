/** Title and description of /blog: the page sets them in the browser, the server puts them in the HTML it sends. */
export const BLOG_TITLE = 'Blog - StockPulse';
export const BLOG_DESCRIPTION = 'Stock market insights and social media trends: how conversation on Reddit, Twitter and YouTube moves stocks, and how to spot it early.';
