import { useQuery } from '@tanstack/react-query';
import { AlertForm } from '../../../app/alerts/AlertForm';
import { StockPicker } from '../../../app/alerts/StockPicker';
import type { PickerStock } from '../../../app/alerts/stockSearch';
import { Dialog } from '../../../ui/Dialog';
import { pickerStocksQueryOptions } from '../api/alertsApi';

const NO_STOCKS: PickerStock[] = [];

/** The /alerts page's Create Alert dialog: the Set Stock Alert form with a stock picker in place of the read-only symbol. */
export function CreateAlertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Create Alert"
      description="Get notified when a stock's mentions pass a threshold."
    >
      <CreateAlertForm onClose={onClose} />
    </Dialog>
  );
}

function CreateAlertForm({ onClose }: { onClose: () => void }) {
  const stocks = useQuery(pickerStocksQueryOptions());
  const list = stocks.data ?? NO_STOCKS;
  return (
    <AlertForm
      stockId={null}
      renderStock={({ value, onChange }) => (
        <StockPicker
          stocks={list}
          value={list.find((s) => s.id === value) ?? null}
          onChange={(s) => onChange(s?.id ?? null)}
          loading={stocks.isPending}
        />
      )}
      onClose={onClose}
    />
  );
}
