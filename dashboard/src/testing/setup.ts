import { configure } from '@testing-library/react';

// A page's first visit in a test file imports its lazy chunk, which the shared CI machine can take well over
// testing-library's default second to transform; findBy*/waitFor wait up to 10 s for what the page must show.
configure({ asyncUtilTimeout: 10_000 });
