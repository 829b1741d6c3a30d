import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const powerOfEarlyDetection: BlogPost = {
  id: 2,
  title: 'The Power of Early Detection in Stock Trading',
  excerpt:
    'Why the first minutes of a social media surge matter, what a 15-30 minute head start can and cannot do for you, and how to turn an alert into a disciplined decision.',
  date: 'January 24, 2025',
  readTime: '4 min read',
  category: 'Investment Strategy',
  slug: 'power-of-early-detection',
  content: `
<p>Markets react to information. When information spreads on social media first, the people who see it early have more time to think, and thinking time is the most valuable thing a retail investor can have.</p>

<h2>What "early" means in practice</h2>
<p>A typical social surge has three stages. First, a few posts on a niche subreddit or from a handful of accounts. Next, the conversation jumps platforms: clips on YouTube, threads on X. Finally, news sites pick it up and the move is visible to everyone. StockPulse aims at the first two stages. In our experience the conversation often leads mainstream coverage by 15 to 30 minutes, sometimes more, sometimes less.</p>

<h2>Early detection is about time, not certainty</h2>
<p>A head start does not tell you which way a stock will go. It gives you time to:</p>
<ul>
  <li><strong>Check the facts.</strong> Is there a filing, an earnings release or a product announcement behind the chatter, or only a rumour?</li>
  <li><strong>Read the sentiment.</strong> StockPulse labels the conversation bullish, bearish or neutral. A spike in bearish posts can be a warning, not an opportunity.</li>
  <li><strong>Look at the price.</strong> If the price has already moved sharply, the "early" window may already be closed.</li>
  <li><strong>Decide your plan in advance.</strong> Position size, entry and exit points: decided calmly, before the crowd arrives.</li>
</ul>

<h2>Let alerts do the watching</h2>
<p>Nobody can watch every feed all day. With StockPulse you set a mention threshold for each stock you care about and choose e-mail, SMS or both. The platform scans every 5 minutes and tells you when the threshold is crossed, and the dashboard refreshes prices and mentions every 30 seconds while you research.</p>

<h2>A simple routine</h2>
<ol>
  <li>Keep a short watch list of companies you already understand.</li>
  <li>Set thresholds well above each stock's normal daily chatter, so an alert means something unusual.</li>
  <li>When an alert arrives, spend five minutes on the sources behind it before doing anything.</li>
  <li>Write down why you acted, or why you did not, and review it later.</li>
</ol>
<p>Early detection rewards preparation. The alert is the start of your research, not the end of it.</p>
${POST_DISCLAIMER_HTML}
`,
};
