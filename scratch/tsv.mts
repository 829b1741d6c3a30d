import { tabSeparatedStream } from '/work/main/warehouse/queries/tabSeparated';
const base = Date.parse('2026-11-20T00:00:00Z');
const r = Array.from({ length: 110000 }, (_, i) => ({ ticker: `T${i % 500}`, platform: ['reddit','twitter','youtube'][i%3]!, post_id: `bench_1_${i}`, source: 'bench', author_hash: (i % 5000).toString(16).padStart(16,'0'), ts: new Date(base + (i % 300) * 1000).toISOString(), compound: ((i%200)-100)/100, label: 'bullish', engagement: i%100, simulated: true }));
const cols = ['ticker','platform','post_id','source','author_hash','ts','compound','label','engagement','simulated'] as const;
for (let k = 0; k < 5; k++) { const s = performance.now(); tabSeparatedStream(r, cols); console.log(((performance.now()-s)/1000).toFixed(3)); }
