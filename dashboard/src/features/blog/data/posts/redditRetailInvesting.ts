import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const redditRetailInvesting: BlogPost = {
  id: 6,
  title: 'Reddit and the Rise of the Retail Investor',
  excerpt:
    'How investing communities on Reddit grew from niche forums into a force the market watches, and what their discussions can and cannot tell you.',
  date: 'January 20, 2025',
  readTime: '5 min read',
  category: 'Market Analysis',
  slug: 'reddit-retail-investing',
  content: `
<p>Commission-free trading apps and online communities changed who trades and how they decide. Reddit sits at the centre of that change.</p>
<h2>From forums to market movers</h2>
<p>Communities such as r/investing, r/stocks and r/wallstreetbets have millions of members. Posts range from careful research, known as "DD" (due diligence), to jokes and screenshots of gains and losses. When many members focus on the same ticker at once, their combined orders can matter, especially for smaller companies.</p>
<h2>What is useful in the noise</h2>
<ul>
  <li><strong>Research posts</strong> often collect filings, numbers and arguments in one place. Check them against the original sources.</li>
  <li><strong>Comment volume</strong> shows attention. StockPulse counts distinct posts and comments per ticker, so you can see when attention is rising.</li>
  <li><strong>Tone</strong> changes before prices sometimes do. Our sentiment labels summarise whether the discussion leans bullish or bearish.</li>
</ul>
<h2>Healthy scepticism</h2>
<p>Anonymous posters can hold positions they want others to buy. Treat any single post as an opinion, and a sudden wave of similar posts about an obscure company as a warning sign.</p>
${POST_DISCLAIMER_HTML}
`,
};
