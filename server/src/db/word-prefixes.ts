import type SQLite from 'better-sqlite3';

/**
 * Every prefix of every word of folded texts (`searchText`, words of letters and digits between
 * single spaces), each once: what an album is counted for in `prefix_counts`. Prefixes end at a
 * whole character, as the words a filter asks do.
 */
function wordPrefixes(words: string): Set<string> {
  const prefixes = new Set<string>();
  for (const word of words.split(' ')) {
    let prefix = '';
    for (const character of word) {
      prefix += character;
      prefixes.add(prefix);
    }
  }
  return prefixes;
}

/**
 * Registers `prefix_changes(before, after)` on a SQLite connection: the prefixes an album gains
 * (change 1) and loses (change -1) when its words go from `before` to `after`. SQLite passes a
 * table-valued function's arguments as equalities, so a null argument gives no rows: pass '' for
 * no words. Migration 0032's triggers call it, so every connection that writes albums, links or
 * tags, or deletes a user (whose cascade fires them), needs it.
 */
export function registerPrefixChanges(sqlite: SQLite.Database): void {
  sqlite.table('prefix_changes', {
    columns: ['prefix', 'change'],
    parameters: ['before', 'after'],
    *rows(before: unknown, after: unknown) {
      const was = wordPrefixes(String(before));
      const is = wordPrefixes(String(after));
      for (const prefix of is) if (!was.has(prefix)) yield { prefix, change: 1 };
      for (const prefix of was) if (!is.has(prefix)) yield { prefix, change: -1 };
    },
  });
}
