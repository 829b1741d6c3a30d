import type { StockPost } from '@core/contracts/stocks';
import { analyserKind } from '@core/sentimentAnalysers';

export interface PostAnalysers {
  /** Posts that still carry the fast model's first label, which the transformer replaces within minutes of ingest. */
  firstLabels: number;
  /** The distinct analysers of the other posts, sorted: more than one means a model changed between them. */
  settled: string[];
}

/** How the posts of a list were labelled, so the dialog can say which labels are final and which models gave them. */
export function postAnalysers(posts: readonly Pick<StockPost, 'analyser'>[]): PostAnalysers {
  const settled = new Set<string>();
  let firstLabels = 0;
  for (const { analyser } of posts) {
    if (analyserKind(analyser) === 'learned') firstLabels += 1;
    else settled.add(analyser);
  }
  return { firstLabels, settled: [...settled].sort() };
}

/** True when the post's label is the fast model's first one, not yet replaced by the transformer's. */
export const isFirstLabel = (post: Pick<StockPost, 'analyser'>): boolean => analyserKind(post.analyser) === 'learned';
