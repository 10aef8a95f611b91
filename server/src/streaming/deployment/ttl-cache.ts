/** A small in-memory cache whose entries expire; the oldest entries go first when it is full. */
export class TtlCache<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 1000,
  ) {}

  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  /** The cached value, or the one `load` gives (cached unless undefined). */
  async through(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const loaded = await load();
    if (loaded !== undefined) this.set(key, loaded);
    return loaded;
  }
}
