import { configure } from '@testing-library/react';
import { loadSonner } from '../app/toast/loadSonner';

// A page's first visit in a test file imports its lazy chunk, which the shared CI machine can take well over
// testing-library's default second to transform; findBy*/waitFor wait up to 10 s for what the page must show.
configure({ asyncUtilTimeout: 10_000 });

// The browser loads sonner on a visitor's first action or toast; tests start with it loaded, so a toast shows (and
// getToasts reads it) as soon as it is asked for. Toaster.test.tsx covers a toast asked for before it has loaded.
await loadSonner();
