import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The whole suite shares two cores with the server tests; give async queries room on a busy machine.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.className = '';
  window.history.replaceState(null, '', '/');
});
