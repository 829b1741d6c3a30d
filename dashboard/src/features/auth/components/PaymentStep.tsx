import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';

interface PaymentStepProps {
  onBack: () => void;
}

/** The card step of sign-up; the billing issue adds the payment form. */
export function PaymentStep({ onBack }: PaymentStepProps) {
  return (
    <div className="space-y-5">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">Payment</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">Payment setup coming soon</p>
      </div>
      <div className="flex items-center gap-3 rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        <Icon name="creditCard" className="h-5 w-5 shrink-0" />
        Card sign-up is not available yet.
      </div>
      <Button variant="outline" onClick={onBack}>
        <Icon name="arrowLeft" />
        Back
      </Button>
    </div>
  );
}
