import type { ReactNode } from 'react';
import type { Sentiment } from '@core/contracts/stocks';
import { cn } from '../../../lib/cn';
import { SENTIMENT_BADGE_CLASSES, SENTIMENT_LABELS } from '../model/format';

interface SentimentBadgeProps {
  sentiment: Sentiment;
  className?: string;
  children?: ReactNode;
}

/** Sentiment colours: bullish green, bearish red, neutral yellow. */
export function SentimentBadge({ sentiment, className, children }: SentimentBadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        SENTIMENT_BADGE_CLASSES[sentiment],
        className,
      )}
    >
      {children ?? SENTIMENT_LABELS[sentiment]}
    </span>
  );
}
