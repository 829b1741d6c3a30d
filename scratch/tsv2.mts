const base = Date.parse('2026-11-20T00:00:00Z');
const r = Array.from({ length: 110000 }, (_, i) => ({ ticker: `T${i % 500}`, platform: ['reddit','twitter','youtube'][i%3]!, post_id: `bench_1_${i}`, source: 'bench', author_hash: (i % 5000).toString(16).padStart(16,'0'), ts: new Date(base + (i % 300) * 1000).toISOString(), compound: ((i%200)-100)/100, label: 'bullish', engagement: i%100, simulated: true }));
const cols = ['ticker','platform','post_id','source','author_hash','ts','compound','label','engagement','simulated'] as const;
const SPECIAL = /[\\\t\n\r]/;
function t(label: string, f: () => unknown) { for (let k=0;k<4;k++){ const s = performance.now(); f(); if (k===3) console.log(label, ((performance.now()-s)/1000).toFixed(3)); } }
t('concat only', () => { let text=''; for (const row of r) { for (const c of cols) text += String((row as any)[c]) + '\t'; text += '\n'; } return text; });
t('concat + flatten', () => { let text=''; for (const row of r) { for (const c of cols) text += String((row as any)[c]) + '\t'; text += '\n'; } return Buffer.from(text); });
t('regex test', () => { let n=0; for (const row of r) { for (const c of cols) { const v=(row as any)[c]; if (typeof v==='string' && SPECIAL.test(v)) n++; } } return n; });
t('lines join', () => { const lines: string[] = []; for (const row of r) { let l=''; for (const c of cols) l += String((row as any)[c]) + '\t'; lines.push(l); } return Buffer.from(lines.join('\n')); });
t('buffer write', () => { const buf = Buffer.allocUnsafe(r.length*200); let o=0; for (const row of r) { for (const c of cols) { o += buf.write(String((row as any)[c]), o); buf[o++]=9; } buf[o-1]=10; } return buf.subarray(0,o); });
for (const c of cols) t('col '+c, () => { let text=''; for (const row of r) { text += String((row as any)[c]) + '\t'; } return text; });
t('template', () => { let text=''; for (const x of r) { text += `${x.ticker}\t${x.platform}\t${x.post_id}\t${x.source}\t${x.author_hash}\t${x.ts}\t${x.compound}\t${x.label}\t${x.engagement}\t${x.simulated?1:0}\n`; } return Buffer.from(text); });
