import { ButtonLink } from '../../ui/ButtonLink';
import { useTrialOffer } from '../config/publicConfig';

interface CtaSectionProps {
  title?: string;
  description?: string;
}

/** Closing call to action: "Start Free Trial" (/auth) and "Learn More" (/features). */
export function CtaSection({ title = 'Ready to catch the next trend early?', description }: CtaSectionProps) {
  const trial = useTrialOffer();
  description ??= `Join thousands of investors who follow the social conversation with StockPulse. Start your ${trial.headline} today, ${trial.terms}.`;
  return (
    <section aria-labelledby="cta-heading" className="bg-slate-100 dark:bg-slate-900">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{description}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/auth" size="lg">
            Start Free Trial
          </ButtonLink>
          <ButtonLink to="/features" size="lg" variant="outline">
            Learn More
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
