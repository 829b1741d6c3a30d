import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const identifyTrendingStocksBeforeViral: BlogPost = {
  id: 1,
  title: 'How to Identify Trending Stocks Before They Go Viral',
  excerpt:
    'A look inside StockPulse: how we find ticker mentions across Reddit, Twitter and YouTube, score their sentiment, and flag a stock when its chatter jumps far above its own normal level.',
  date: 'January 25, 2025',
  readTime: '5 min read',
  category: 'Platform Features',
  slug: 'identify-trending-stocks-before-viral',
  content: `
<p>By the time a stock is on the evening news, the conversation that moved it usually started hours earlier on Reddit threads, X (Twitter) posts and YouTube comments. StockPulse exists to surface that conversation while it is still building. This post explains, step by step, how the platform decides that a stock is <em>trending</em>.</p>

<h2>Step 1: Listening to the right places</h2>
<p>Every 5 minutes, StockPulse scans the sources on its watch list: investing subreddits such as r/investing and r/stocks, finance hashtags and keywords on X, and finance channels and keywords on YouTube. Each scan picks up only what is new since the previous one, so nothing is read twice and nothing is missed between scans.</p>

<h2>Step 2: Finding the tickers in a post</h2>
<p>Social posts are messy. People write <code>$TSLA</code>, <code>tsla</code>, "Tesla" or "TSLA's earnings". Our extractor reads each post and keeps only real ticker mentions:</p>
<ul>
  <li><strong>Cashtags</strong> such as <code>$NVDA</code> or <code>$BRK.B</code> always count when the symbol is a real listed ticker.</li>
  <li><strong>Bare symbols</strong> such as <code>AAPL</code> count when they stand alone, but not inside longer words, web addresses or user handles.</li>
  <li><strong>Ambiguous symbols</strong> that are also everyday words or slang (think <code>ALL</code>, <code>IT</code> or <code>DD</code>) count only when written as a cashtag. Otherwise every post containing the word "it" would look like a mention.</li>
</ul>
<p>This step matters more than it sounds. A trend built on false matches is noise, and noise triggers alerts you did not want.</p>

<h2>Step 3: Scoring the sentiment</h2>
<p>Each post that mentions a ticker gets a sentiment label: <strong>bullish</strong>, <strong>bearish</strong> or <strong>neutral</strong>. Our AI-based sentiment analysis uses a language model tuned with finance vocabulary, so "calls", "to the moon" and "bagholder" are read the way traders mean them. A stock's label on the dashboard is the one most of its recent mentions carry.</p>

<h2>Step 4: Comparing a stock to its own baseline</h2>
<p>The key idea: <strong>a big number is not a trend</strong>. Apple is mentioned all day, every day. A small company that normally gets one mention an hour and suddenly gets thirty is far more interesting. So StockPulse compares each ticker's mentions in the last hour with its own hourly average over the past week:</p>
<ul>
  <li><strong>Baseline:</strong> the ticker's average mentions per hour, and how much that count usually varies.</li>
  <li><strong>Trend velocity:</strong> how many distinct posts mentioned it in the last 60 minutes. One author repeating a ticker ten times does not count as ten voices.</li>
  <li><strong>Trend score:</strong> how many "normal swings" above its baseline the current hour sits. A stock is flagged as trending only when the jump is large and at least a handful of posts are behind it.</li>
</ul>
<p>The result is a list of stocks whose conversation is <em>unusually</em> active right now, the early stage of a stock going viral.</p>

<h2>Step 5: Putting it next to the price</h2>
<p>Mentions alone do not tell the whole story. The dashboard shows each stock's live price and daily change beside its mention counts per platform, and updates every 30 seconds. When the mentions are rising but the price has not moved yet, you have time to research before the crowd arrives. That is where our estimate of a 15-30 minute lead over news coverage comes from.</p>

<h2>How to use it</h2>
<ol>
  <li>Open the dashboard and sort by trend, not by total mentions.</li>
  <li>Check the sentiment: a surge of bearish chatter is a very different story from a bullish one.</li>
  <li>Read the underlying posts and the company's filings before you decide anything.</li>
  <li>Set an alert with a mention threshold on the tickers you follow, so StockPulse e-mails or texts you when they heat up.</li>
</ol>
${POST_DISCLAIMER_HTML}
`,
};
