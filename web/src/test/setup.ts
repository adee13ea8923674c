import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { resetAppState } from './reset';

beforeEach(() => {
  resetAppState();
});

afterEach(() => {
  cleanup();
  resetAppState();
});

// jsdom has no layout: scrolling is a no-op here (tests spy on it where it matters).
window.scrollTo = (() => undefined) as typeof window.scrollTo;
