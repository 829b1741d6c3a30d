import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AppProviders } from '../../../app/AppProviders';
import { createQueryClient } from '../../../app/queryClient';
import { Toaster } from '../../../app/toast/Toaster';

/** Renders one admin component with a fresh query client (the app's defaults) and the toaster. */
export function renderAdmin(ui: ReactElement) {
  const queryClient = createQueryClient();
  return render(
    <AppProviders queryClient={queryClient}>
      {ui}
      <Toaster />
    </AppProviders>,
  );
}
