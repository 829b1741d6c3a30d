import { cn } from '../../../lib/cn';
import { Icon } from '../../../ui/Icon';

export type SignUpStep = 'userInfo' | 'payment' | 'complete';

const STEP_LABELS: Record<SignUpStep, string> = {
  userInfo: 'Account Info',
  payment: 'Payment',
  complete: 'Check E-mail',
};

interface SignUpStepIndicatorProps {
  /** The steps this sign-up goes through, in order. */
  steps: readonly SignUpStep[];
  current: SignUpStep;
}

export function SignUpStepIndicator({ steps: stepList, current }: SignUpStepIndicatorProps) {
  const steps = stepList.map((step) => ({ step, label: STEP_LABELS[step] }));
  const currentIndex = steps.findIndex((s) => s.step === current);

  return (
    <ol aria-label="Sign-up progress" className="mb-6 flex items-center gap-2">
      {steps.map(({ step, label }, index) => {
        const done = index < currentIndex;
        const active = index === currentIndex;
        return (
          <li key={step} aria-current={active ? 'step' : undefined} className="flex flex-1 items-center gap-2">
            <span
              className={cn(
                'flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                done && 'bg-emerald-600 text-white',
                active && 'bg-blue-600 text-white',
                !done && !active && 'bg-slate-200 text-slate-600 dark:bg-slate-800 dark:text-slate-400',
              )}
            >
              {done ? <Icon name="check" className="h-4 w-4" /> : index + 1}
            </span>
            <span
              className={cn(
                'text-xs font-medium sm:text-sm',
                active ? 'text-slate-900 dark:text-white' : 'text-slate-500 dark:text-slate-400',
              )}
            >
              {label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
            {index < steps.length - 1 && (
              <span aria-hidden="true" className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            )}
          </li>
        );
      })}
    </ol>
  );
}
