import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const riskManagementSocialSignals: BlogPost = {
  id: 10,
  title: 'Risk Management When Trading on Social Signals',
  excerpt:
    'Social data can help you notice opportunities, but it cannot size your positions or set your exits. Basic risk rules for anyone who follows trends.',
  date: 'January 12, 2025',
  readTime: '5 min read',
  category: 'Risk Management',
  slug: 'risk-management-social-signals',
  content: `
<p>Social signals are fast and noisy. If you use them, your risk rules matter even more than usual.</p>
<h2>Five rules worth keeping</h2>
<ol>
  <li><strong>Size small.</strong> Decide in advance the most you are willing to lose on any one idea, and never exceed it because a stock is popular.</li>
  <li><strong>Set exits before entries.</strong> Know where you would sell, both if you are right and if you are wrong.</li>
  <li><strong>Avoid borrowed money.</strong> Margin and options magnify the swings that social-driven stocks are known for.</li>
  <li><strong>Diversify.</strong> Trend ideas should be a small part of a portfolio, not all of it.</li>
  <li><strong>Keep a journal.</strong> Record what the alert said, what you did and what happened. Patterns in your own decisions are the most valuable data you have.</li>
</ol>
<h2>Where StockPulse fits</h2>
<p>StockPulse tells you what people are talking about, how much and in what tone, and shows it beside the price. It does not tell you what to buy or sell. Treat its alerts as prompts to research, and let your rules make the decision.</p>
${POST_DISCLAIMER_HTML}
`,
};
