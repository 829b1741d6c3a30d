/** Says the prices beside it are simulated, not market data (shown on every card and the detail view while they are). */
export function SimulatedPricesBadge() {
  return (
    <p
      className="mt-1 inline-block rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300"
      title="No market-data provider is configured: prices are a simulation started from recent listed prices."
    >
      Simulated prices
    </p>
  );
}
