import { randomUUID } from 'node:crypto';
import type { SearchLogEntry } from '@gatefold/contract/discovery';

/** The steps of one discovery search, as the Search Log panel shows them (SPEC §2). */
export class SearchLog {
  readonly entries: SearchLogEntry[] = [];

  add(type: SearchLogEntry['type'], source: string, message: string, details = ''): void {
    this.entries.push({
      id: randomUUID(),
      type,
      source,
      message,
      details,
      timestamp: new Date().toISOString(),
    });
  }

  /** Runs one step, logging what it did and how long it took, or how it failed. */
  async step<T>(
    source: string,
    message: string,
    work: () => Promise<T>,
    outcome: (result: T) => string,
  ): Promise<T> {
    this.add('info', source, message);
    const started = Date.now();
    try {
      const result = await work();
      this.add('success', source, outcome(result), `${Date.now() - started} ms`);
      return result;
    } catch (error) {
      const detail =
        error instanceof Error && 'detail' in error ? String(error.detail) : 'unexpected failure';
      this.add('error', source, `${message} failed`, detail);
      throw error;
    }
  }
}
