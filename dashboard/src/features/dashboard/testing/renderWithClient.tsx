import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../../app/AppProviders';
import { Toaster } from '../../../app/toast/Toaster';
import { createQueryClient } from '../../../app/queryClient';

/** Renders one component with a fresh query client (the app's defaults) and the toaster. */
export function renderWithClient(ui: ReactElement) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      {ui}
      <Toaster />
    </AppProviders>,
  );
  return { ...result, queryClient };
}
