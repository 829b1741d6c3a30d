import { AlertForm } from '../../../app/alerts/AlertForm';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/TextField';

export interface AlertTargetStock {
  /** The stock's id; when missing, submitting shows "Stock ID is required". */
  id?: number | null;
  ticker: string;
}

interface SetStockAlertDialogProps {
  /** The stock to alert on; null closes the dialog. */
  stock: AlertTargetStock | null;
  onClose: () => void;
}

/**
 * The "Set Stock Alert" modal: the alert form with the stock's symbol read-only. Submits POST /api/alerts; on success it
 * toasts, resets to the defaults and closes.
 */
export function SetStockAlertDialog({ stock, onClose }: SetStockAlertDialogProps) {
  return (
    <Dialog
      open={stock !== null}
      onClose={onClose}
      title="Set Stock Alert"
      description="Get notified when this stock's mentions pass a threshold."
    >
      {stock && <StockAlertForm key={`${stock.id ?? ''}-${stock.ticker}`} stock={stock} onClose={onClose} />}
    </Dialog>
  );
}

function StockAlertForm({ stock, onClose }: { stock: AlertTargetStock; onClose: () => void }) {
  return (
    <AlertForm
      stockId={stock.id ?? null}
      renderStock={() => <TextField label="Stock symbol" value={stock.ticker} readOnly />}
      autoFocusThreshold
      onClose={onClose}
    />
  );
}
