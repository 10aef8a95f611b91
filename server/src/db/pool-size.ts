import { availableParallelism } from 'node:os';

/**
 * PostgreSQL connections a process keeps by default: twice the cores and two, at most 10. On a
 * small machine that also runs PostgreSQL, more connections only take turns on the same cores
 * (docs/decisions.md).
 */
export const DEFAULT_DATABASE_CONNECTIONS = Math.min(10, 2 * availableParallelism() + 2);
