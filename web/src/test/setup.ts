import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetAppState } from './reset';

// The first render of a lazily imported screen can take over a second on a busy 2-core CI
// machine; findBy* waits up to 5 s instead of 1 s (a missing element still fails).
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  cleanup();
  resetAppState();
});

// jsdom has no layout: scrolling is a no-op here (tests spy on it where it matters).
window.scrollTo = (() => undefined) as typeof window.scrollTo;
