/**
 * Crypto-asset symbols: `$BTC`, `$ETH` or `$DOGE` in a post names a coin, not a stock, even where a listed fund has taken
 * the same symbol (BTC and ETH are Grayscale trusts on NYSE Arca). A cashtag of one of these never counts as a stock.
 * Symbols that social posts use mostly for a stock ($DASH DoorDash, $STX Seagate, $CAKE Cheesecake Factory) are not here.
 */
export const CRYPTO_SYMBOLS: ReadonlySet<string> = new Set(
  `BTC ETH DOGE SHIB XRP ADA SOL DOT LTC BNB USDT USDC BUSD DAI AVAX MATIC POL LINK XLM TRX ATOM ALGO XMR BCH ETC FIL
   HBAR PEPE FLOKI BONK WIF APT SUI ICP TON LUNA LUNC UST FTM MANA CRO EGLD XTZ AAVE MKR GRT KAS INJ RNDR TIA
   THETA CHZ ENJ ZEC IOTA KSM OKB HNT CRV SUSHI UNI YFI ZRX ORDI WLD JASMY XEC`
    .split(/\s+/)
    .filter((s) => s !== ''),
);
