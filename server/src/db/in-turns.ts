import { chunks } from '../albums/store';

/**
 * Lets the event loop serve other requests before going on. SQLite answers synchronously, so a
 * long change made of many statements would otherwise hold the loop from its first to its last.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The items `size` at a time, with a turn of the event loop between two. */
export async function* inTurns<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (const chunk of chunks(items, size)) {
    yield chunk;
    await nextTurn();
  }
}
