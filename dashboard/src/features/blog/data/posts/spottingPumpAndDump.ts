import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const spottingPumpAndDump: BlogPost = {
  id: 7,
  title: 'Spotting Hype: How to Avoid Pump-and-Dump Schemes',
  excerpt:
    'Coordinated promotion uses the same channels as genuine enthusiasm. Learn the warning signs and how trend data can help you tell the two apart.',
  date: 'January 18, 2025',
  readTime: '4 min read',
  category: 'Risk Management',
  slug: 'spotting-pump-and-dump',
  content: `
<p>A pump-and-dump scheme promotes a stock to drive its price up, then sells into the buying it created. Social media makes promotion cheap, so it pays to recognise the pattern.</p>
<h2>Warning signs</h2>
<ul>
  <li>A company you have never heard of, with a tiny market value and little trading volume, is suddenly everywhere.</li>
  <li>Many posts use near-identical wording, or come from new accounts with little history.</li>
  <li>Claims of guaranteed gains, secret news or "last chance to get in" urgency.</li>
  <li>No filing, press release or reputable news source behind the excitement.</li>
</ul>
<h2>How StockPulse data helps</h2>
<p>StockPulse limits how much any single author can add to a stock's trend score, so one account posting the same ticker over and over does not create a trend on its own. Still, a coordinated group can. When a small stock trends, look at how many different platforms carry the conversation, read the posts, and check the company's filings before you act.</p>
<h2>If it looks too good to be true</h2>
<p>It usually is. Walking away from a hyped stock costs you nothing; being the last buyer can cost a great deal.</p>
${POST_DISCLAIMER_HTML}
`,
};
