interface PublicPageHeadingProps {
  title: string;
  description?: string;
}

/** The hero heading of a public page. */
export function PublicPageHeading({ title, description }: PublicPageHeadingProps) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{title}</h1>
      {description && <p className="mt-4 text-lg text-slate-600 dark:text-slate-400">{description}</p>}
    </section>
  );
}
