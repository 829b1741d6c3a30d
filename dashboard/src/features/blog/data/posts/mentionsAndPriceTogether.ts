import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const mentionsAndPriceTogether: BlogPost = {
  id: 8,
  title: 'Reading Mentions and Price Together',
  excerpt:
    'Mention spikes mean little on their own. Here is how to read social activity side by side with price and daily change on the StockPulse dashboard.',
  date: 'January 16, 2025',
  readTime: '4 min read',
  category: 'Investment Strategy',
  slug: 'mentions-and-price-together',
  content: `
<p>The StockPulse dashboard shows each stock's live price and daily change next to its mention counts for Reddit, Twitter and YouTube. Reading them together tells you more than either alone.</p>
<h2>Four common patterns</h2>
<ul>
  <li><strong>Mentions up, price flat:</strong> attention is building before the market has reacted. This is the window early detection is about; research it.</li>
  <li><strong>Mentions up, price up sharply:</strong> the move is already under way. Chasing it is risky.</li>
  <li><strong>Price moves, mentions flat:</strong> the driver is probably elsewhere, such as institutional trading or news not yet discussed online.</li>
  <li><strong>Mentions fading after a spike:</strong> attention is leaving. Social-driven gains often fade with it.</li>
</ul>
<h2>Use history, not a snapshot</h2>
<p>The dashboard keeps historical trend data, so you can compare today's chatter with previous weeks. A stock that spikes every earnings season is behaving normally; one that has never been discussed before is not.</p>
${POST_DISCLAIMER_HTML}
`,
};
