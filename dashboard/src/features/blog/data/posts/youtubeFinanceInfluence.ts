import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const youtubeFinanceInfluence: BlogPost = {
  id: 9,
  title: 'The Growing Influence of YouTube Finance Channels',
  excerpt:
    'Finance videos reach millions of viewers. We look at how YouTube conversation about stocks differs from Reddit and Twitter, and why it often peaks later.',
  date: 'January 14, 2025',
  readTime: '4 min read',
  category: 'Social Media Trends',
  slug: 'youtube-finance-influence',
  content: `
<p>YouTube has become one of the largest sources of investing education and opinion. Its influence on stock conversation works differently from text platforms.</p>
<h2>Slower, but wider</h2>
<p>A tweet spreads in seconds; a video takes hours to film, edit and publish. YouTube conversation about a stock therefore often peaks after the first wave on Twitter and Reddit, and it can reach a broader, less experienced audience. StockPulse watches finance channels and keywords such as "stock analysis", "market update" and "earnings", and counts ticker mentions in videos and their comments.</p>
<h2>What to watch</h2>
<ul>
  <li>Several channels covering the same small company within a day or two.</li>
  <li>Comment sections that turn strongly bullish or bearish.</li>
  <li>A YouTube surge arriving after a Reddit or Twitter surge, a sign the story is going mainstream.</li>
</ul>
<p>As with any source, check whether the creator discloses their own positions and whether the claims match the company's filings.</p>
${POST_DISCLAIMER_HTML}
`,
};
