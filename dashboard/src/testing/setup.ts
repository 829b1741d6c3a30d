import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { loadSonner } from '../app/toast/loadSonner';

// A page's first visit in a test file imports its lazy chunk, which the shared CI machine can take well over
// testing-library's default second to transform; findBy*/waitFor wait up to 10 s for what the page must show.
configure({ asyncUtilTimeout: 10_000 });

// The browser loads sonner on a visitor's first action or toast; tests start with it loaded, so a toast shows (and
// getToasts reads it) as soon as it is asked for. Toaster.test.tsx covers a toast asked for before it has loaded.
await loadSonner();

// A toast that leaves starts a timer in sonner (200 ms, TIME_BEFORE_UNMOUNT) that unmounting does not clear. A file
// whose last test dismissed one would have that timer fire after the file's browser environment is gone ("window is
// not defined"): each file waits it out while the environment is still there.
const SONNER_EXIT_MS = 200;
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, SONNER_EXIT_MS + 100)));
