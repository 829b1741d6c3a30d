/** A link in a post: `http(s)://…` or `www.…`, up to the next whitespace. */
const URL_RE = /(?:\bhttps?:\/\/|\bwww\.)\S+/gi;
/** Most posts hold no link: this cheap test spares them the full pattern. */
const URL_HINT_RE = /http|www\./i;

/** The text with every link replaced by `by`. Links are not the author's words, nor their tickers. */
export function replaceUrls(text: string, by: string): string {
  return URL_HINT_RE.test(text) ? text.replace(URL_RE, by) : text;
}
