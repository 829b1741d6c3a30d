import { SPARKLINE_HEIGHT, SPARKLINE_WIDTH, sparklinePoints } from '../model/sparkline';

interface PriceLineProps {
  values: readonly number[];
  label: string;
  rising: boolean;
  /** Drawn dashed: an estimate, not prices. */
  dashed?: boolean;
  /** Height on screen in px (the viewBox stays 300 × 60; the line stretches to the width it is given). */
  height?: number;
}

/** A price line as plain SVG in a 300 × 60 viewBox, filling the width of its container. */
export function PriceLine({ values, label, rising, dashed = false, height = SPARKLINE_HEIGHT }: PriceLineProps) {
  const points = sparklinePoints(values);
  const line = points.map(([x, y]) => `${x},${y}`).join(' ');
  const first = points[0] ?? [0, SPARKLINE_HEIGHT];
  const last = points[points.length - 1] ?? first;
  const area = `M${first[0]},${SPARKLINE_HEIGHT} L${line.replaceAll(' ', ' L')} L${last[0]},${SPARKLINE_HEIGHT} Z`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${SPARKLINE_WIDTH} ${SPARKLINE_HEIGHT}`}
      preserveAspectRatio="none"
      className={`block w-full ${rising ? 'text-emerald-500' : 'text-red-500'}`}
      style={{ height }}
    >
      <path d={area} fill="currentColor" fillOpacity={0.08} stroke="none" />
      <polyline
        points={line}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
        strokeDasharray={dashed ? '6 4' : undefined}
        vectorEffect="non-scaling-stroke"
        data-kind={dashed ? 'synthetic' : 'historical'}
      />
    </svg>
  );
}
