import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A readable legal document: heading, table of contents and numbered sections. */
export function LegalPage({ title, updated, intro, sections }: LegalPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <header>
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{title}</h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">Last updated: {updated}</p>
        <div className="mt-6 space-y-3 text-base leading-relaxed text-slate-700 dark:text-slate-300">{intro}</div>
      </header>
      <nav
        aria-label="Contents"
        className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 className="text-sm font-semibold text-slate-900 dark:text-white">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 dark:text-blue-400"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-6">
            <h2 id={`${section.id}-heading`} className="text-2xl font-semibold text-slate-900 dark:text-white">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300 [&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline dark:[&_a]:text-blue-400 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
