/**
 * Names of services and products people use every day, so a post names them without talking about the company: "a girl
 * on snapchat", "PayPal ✅" in a merchandise sale, "my facebook". A company-name alias made only of these counts only in
 * a post with market context. Subtitle word counts cannot find them (SUBTLEX-US predates most of them), so they are kept
 * here; names the counts do find ("apple", "target", "tesla", "nike") are everyday words or spoken names already.
 */
export const EVERYDAY_NAMES: ReadonlySet<string> = new Set(
  `snapchat paypal facebook instagram whatsapp messenger youtube google gmail netflix uber lyft spotify venmo zoom airbnb
   tiktok twitter reddit doordash etsy ebay pinterest roblox discord twitch xbox playstation iphone ipad android windows
   chatgpt openai linkedin tinder bumble duolingo peloton shopify squarespace dropbox grubhub gopro mongodb figma
   gamestop walmart ulta robinhood coinbase costco starbucks chipotle mcdonalds mcdonald's wendy's kroger lululemon`
    .split(/\s+/)
    .filter((w) => w !== ''),
);

/**
 * Payment methods that carry a company's name: "Apple Pay ✅" in a merchandise sale, or "PayPal is getting eaten alive by
 * Apple Pay", names a way to pay, not Apple. Read as one name that counts for no company, so "Apple" in them is no mention.
 */
export const PAYMENT_METHODS: readonly string[] = ['apple pay', 'google pay', 'samsung pay', 'amazon pay'];
