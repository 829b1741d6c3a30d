import { JsonLd } from '../../../ui/JsonLd';

export interface FaqItem {
  question: string;
  /** Paragraphs of plain text: the page shows them and the FAQPage structured data repeats them. */
  answer: readonly string[];
}

const EMAIL = /([\w.+-]+@[\w-]+\.[\w.-]*\w)/;

/** A paragraph with its e-mail addresses as mailto links. */
function Paragraph({ text }: { text: string }) {
  return (
    <p>
      {text.split(EMAIL).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} className="font-medium text-blue-700 underline dark:text-blue-400" href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** Native disclosure widgets: keyboard accessible (Enter/Space on the summary) without script. */
export function Faq({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded text-left font-medium text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-white [&::-webkit-details-marker]:hidden">
            {item.question}
            <span
              aria-hidden="true"
              className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45 dark:text-slate-400"
            >
              +
            </span>
          </summary>
          <div className="mt-3 space-y-2 text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {item.answer.map((text) => (
              <Paragraph key={text} text={text} />
            ))}
          </div>
        </details>
      ))}
      <JsonLd
        data={{
          '@type': 'FAQPage',
          mainEntity: items.map((item) => ({
            '@type': 'Question',
            name: item.question,
            acceptedAnswer: { '@type': 'Answer', text: item.answer.join(' ') },
          })),
        }}
      />
    </div>
  );
}
