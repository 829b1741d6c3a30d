import { Disclaimer } from '../../../app/layout/Disclaimer';
import { Icon, type IconName } from '../../../ui/Icon';

const highlights: Array<{ icon: IconName; title: string; text: string }> = [
  { icon: 'activity', title: 'Real-time monitoring', text: 'Stock mentions across Reddit, Twitter and YouTube.' },
  { icon: 'bell', title: 'Smart alerts', text: 'E-mail or SMS when mentions pass the threshold you set.' },
  { icon: 'trendingUp', title: 'Sentiment analysis', text: 'Bullish, bearish or neutral at a glance.' },
];

export function AuthMarketingPanel() {
  return (
    <aside className="flex flex-col justify-between gap-8 rounded-2xl bg-gradient-to-br from-blue-700 to-slate-900 p-8 text-white">
      <div>
        <h2 className="text-2xl font-bold">Spot trending stocks while the conversation starts</h2>
        <p className="mt-3 text-blue-100">
          StockPulse follows what investors are saying online and tells you when a stock starts to take off.
        </p>
        <ul className="mt-8 space-y-5">
          {highlights.map((item) => (
            <li key={item.title} className="flex gap-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                <Icon name={item.icon} className="h-5 w-5" />
              </span>
              <div>
                <p className="font-semibold">{item.title}</p>
                <p className="text-sm text-blue-100">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="rounded-lg bg-white/10 p-4 [&_*]:text-blue-50">
        <Disclaimer />
      </div>
    </aside>
  );
}
