import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const socialMediaInfluencesStockPrices: BlogPost = {
  id: 3,
  title: 'How Social Media Influences Stock Prices',
  excerpt:
    'From meme stocks to earnings-day threads: how conversations on Reddit, Twitter and YouTube move prices, why some surges fade fast, and what the data can tell you.',
  date: 'January 23, 2025',
  readTime: '6 min read',
  category: 'Market Analysis',
  slug: 'social-media-influences-stock-prices',
  content: `
<p>In early 2021 a group of retail investors on Reddit drove a handful of heavily shorted stocks to prices few analysts expected. The "meme stock" episode made one thing clear: online conversation is now part of how prices are formed. This article looks at how that works, and how to read social data sensibly.</p>

<h2>Three ways conversation moves a price</h2>
<h3>1. Attention brings buyers and sellers</h3>
<p>Most investors only trade stocks they have heard of. When a ticker starts appearing in thousands of posts, it enters many people's consideration set at once. More attention means more orders, and for smaller companies with thin trading, more orders can move the price noticeably.</p>
<h3>2. Information spreads faster</h3>
<p>Social platforms often carry news before it is widely reported: a product leak, a screenshot of a filing, a first-hand account of a store opening. Traders who react to it move the price before the story reaches traditional outlets.</p>
<h3>3. Sentiment feeds on itself</h3>
<p>Optimism on a popular forum encourages more optimism. Rising prices attract more posts, which attract more buyers. The same loop works in reverse. These feedback loops are why social-driven moves can be sharp, and why they can reverse just as sharply.</p>

<h2>Each platform plays a different role</h2>
<ul>
  <li><strong>Reddit:</strong> long-form discussion and research posts ("DD") in communities such as r/stocks and r/investing. Surges here often start slowly and build over hours.</li>
  <li><strong>Twitter (X):</strong> speed. Cashtags such as <code>$TSLA</code> carry breaking reactions within seconds of an event.</li>
  <li><strong>YouTube:</strong> reach. A popular finance video can put a ticker in front of hundreds of thousands of viewers over a day or two.</li>
</ul>
<p>StockPulse counts mentions per platform, so you can see whether a surge is confined to one community or spreading across all three, which is often a sign that it is gaining momentum.</p>

<h2>Reading the data without fooling yourself</h2>
<p>Raw mention counts mislead. Large companies are always discussed, and a few very active accounts can make a small stock look popular. StockPulse reduces both problems:</p>
<ul>
  <li>It counts <strong>distinct posts</strong> and caps how much one author can add, so a single enthusiastic account cannot manufacture a trend.</li>
  <li>It measures <strong>trend velocity against each stock's own baseline</strong>: the last hour's mentions compared with that stock's typical hour over the past week.</li>
  <li>It scores <strong>sentiment</strong> for each post with AI-based analysis, so you see whether the crowd is bullish, bearish or neutral rather than only how loud it is.</li>
</ul>

<h2>Why many surges fade</h2>
<p>Attention is limited. When the conversation moves on, the buyers it attracted often leave with it. Studies of social-driven moves generally find that much of the initial jump is given back within days. A surge of mentions is therefore a reason to look closer, not proof of lasting value. Coordinated promotion ("pump and dump") schemes also use social media deliberately; a sudden wave of near-identical bullish posts about an unknown company deserves extra scepticism.</p>

<h2>Key takeaways</h2>
<ol>
  <li>Social conversation affects prices through attention, information and sentiment.</li>
  <li>Compare a stock's chatter with its own normal level, not with other stocks.</li>
  <li>Watch sentiment and cross-platform spread, not only volume.</li>
  <li>Check fundamentals and sources before acting; many surges fade.</li>
</ol>
${POST_DISCLAIMER_HTML}
`,
};
