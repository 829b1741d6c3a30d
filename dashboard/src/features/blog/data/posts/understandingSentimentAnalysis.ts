import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const understandingSentimentAnalysis: BlogPost = {
  id: 4,
  title: 'Bullish, Bearish or Neutral: Understanding Sentiment Analysis',
  excerpt:
    'What the sentiment label on a StockPulse stock means, how a post gets scored, and why sarcasm and slang make finance text harder to read than it looks.',
  date: 'January 22, 2025',
  readTime: '5 min read',
  category: 'Education',
  slug: 'understanding-sentiment-analysis',
  content: `
<p>Every stock on the StockPulse dashboard carries a sentiment label: <strong>bullish</strong>, <strong>bearish</strong> or <strong>neutral</strong>. Here is what that label means and how it is produced.</p>
<h2>From a post to a label</h2>
<p>Each post that mentions a ticker is scored on its own. Our AI-based sentiment analysis reads the words, their order and their intensity: negations ("not buying"), boosters ("extremely bullish"), capital letters and exclamation marks all change the score. A finance vocabulary teaches it that "calls", "moon" and "undervalued" lean positive while "puts", "bagholder" and "dilution" lean negative.</p>
<h2>From posts to a stock</h2>
<p>A stock's label is the one most of its recent mentions carry. If 60 posts are bullish, 25 bearish and 15 neutral, the stock shows as bullish. Questions such as "Is $XYZ a buy?" are usually scored neutral, because asking is not the same as recommending.</p>
<h2>Know the limits</h2>
<ul>
  <li><strong>Sarcasm</strong> is hard for any model. "Great, another 20% drop" reads positive word by word.</li>
  <li><strong>Mixed posts</strong> that compare two stocks can carry one label for both.</li>
  <li><strong>Crowd sentiment is not a forecast.</strong> A bullish crowd can be wrong, and often is at extremes.</li>
</ul>
<p>Use the label as a summary of what people are saying, then read a sample of the posts yourself.</p>
${POST_DISCLAIMER_HTML}
`,
};
