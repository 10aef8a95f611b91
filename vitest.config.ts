import { defineConfig } from 'vitest/config';

// One run covers every package; each package's config says how its tests run.
export default defineConfig({
  test: {
    projects: ['contract', 'server', 'web'],
  },
});
