/** Every public page carries this disclaimer. */
export function Disclaimer() {
  return (
    <p className="text-xs leading-relaxed text-slate-600 dark:text-slate-400">
      <strong className="font-semibold">Disclaimer:</strong> StockPulse does not provide financial advice. All
      information on this site is for educational purposes only and is not a recommendation to buy or sell any security.
    </p>
  );
}
