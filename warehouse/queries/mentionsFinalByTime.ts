/**
 * `mentions` as their newest rows (FINAL), only those whose post time meets `tsCondition` (a condition on `ts` alone,
 * with the caller's parameters), for a FROM clause. The condition is a PREWHERE, so the rows outside it are dropped
 * before FINAL merges each mention's rows instead of after: a third of the work on a month of mentions written out of
 * order (docs/scale.md). That is exact only because every row of a mention carries its post's time (a relabel and a
 * replayed scan write the same `ts`), so a mention's rows are all inside the condition or all outside it; a condition
 * on any other column (the label, the analyser) would see a replaced row and must stay in the WHERE.
 */
export function mentionsFinalByTime(tsCondition: string): string {
  return `mentions FINAL PREWHERE ${tsCondition}`;
}
