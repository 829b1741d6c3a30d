import { POST_DISCLAIMER_HTML, type BlogPost } from '../types';

export const settingSmartAlertThresholds: BlogPost = {
  id: 5,
  title: 'Setting Alert Thresholds That Actually Work',
  excerpt:
    'A practical guide to choosing mention thresholds for your StockPulse alerts, so you hear about unusual activity without drowning in notifications.',
  date: 'January 21, 2025',
  readTime: '4 min read',
  category: 'Platform Features',
  slug: 'setting-smart-alert-thresholds',
  content: `
<p>An alert is only useful if it means something. Set the threshold too low and your phone buzzes all day; set it too high and you hear about a move after everyone else. Here is how to choose well.</p>
<h2>How StockPulse alerts work</h2>
<p>For each stock you add, you pick a mention threshold and the channels: e-mail, SMS or both. New alerts start at 1,000 mentions with e-mail on and SMS off. StockPulse scans every 5 minutes and notifies you when the stock's mentions pass your threshold.</p>
<h2>Start from the stock's normal level</h2>
<ol>
  <li>Open the stock on the dashboard and look at its usual mention count over the past days.</li>
  <li>Set the threshold at two to three times that normal level. A mega-cap that is always discussed needs a much higher number than a small company.</li>
  <li>Review after a week: if you got alerts that did not matter, raise the threshold; if you missed moves, lower it.</li>
</ol>
<h2>Choose the channel by urgency</h2>
<p>Use SMS for the few stocks where minutes matter to you, and e-mail for the rest. You can pause an alert at any time without deleting it.</p>
${POST_DISCLAIMER_HTML}
`,
};
