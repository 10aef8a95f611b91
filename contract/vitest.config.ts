import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'contract', include: ['src/**/*.test.ts'] } });
