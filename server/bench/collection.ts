import type { CollectionExport } from '@gatefold/contract/maintenance';

/** The words album, artist and folder names are made of. */
export const NAME_WORDS = [
  'Blue',
  'Night',
  'River',
  'Gold',
  'Echo',
  'Velvet',
  'Summer',
  'Ghost',
  'Paper',
  'Électrique',
  'Silent',
  'Wild',
  'Glass',
  'Neon',
  'Ocean',
  'Dust',
  'Ágætis',
  'Søndag',
  'Straße',
  'Кино',
];

/** Every prefix of two letters or more of the name words: more than the server keeps results for. */
export const NAME_PREFIXES = [
  ...new Set(
    NAME_WORDS.flatMap((word) =>
      Array.from({ length: word.length - 1 }, (_, cut) => word.slice(0, 2 + cut)),
    ),
  ),
];

/** The decades a query of the bench asks, the 1950s to the 2010s (releases run to 2024). */
export const DECADES = Array.from({ length: 7 }, (_, n) => 1950 + 10 * n);

/** The most genres a collection draws on, and the name of each. */
export const GENRES = 60;
export const genreName = (n: number) => (n % 7 === 0 ? `Électro ${n}` : `Genre ${n}`);

export type BenchShape = {
  albums: number;
  batches: number;
  /**
   * The folders and tags are those of a collection of this many albums (by default, of
   * `albums`), and its genres and artists are drawn from the same pools: a small collection
   * given a large one's has folder and tag lists as long, and so shows what its albums cost.
   * Genres and artists exist only with an album, so it has fewer of those.
   */
  labelledAs?: number;
};

/**
 * A repeatable collection in the export format, one import file a batch: per 5,000 albums (of
 * `labelledAs`), 200
 * folders nested up to 8 deep with each album in 0–2 of them; 10 tracks an album; artists, tags
 * and genres drawn from pools of 5,000, 300 and 60 (fewer for a small collection). Some names are
 * accented, as real ones are.
 */
export function collectionBatches({
  albums,
  batches,
  labelledAs = albums,
}: BenchShape): CollectionExport[] {
  // mulberry32: 32-bit integer steps, so the sequence does not lose precision in doubles.
  let seed = 42;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (n: number) => Math.floor(random() * n);
  const pick = <T>(list: T[]) => list[below(list.length)] as T;
  const word = () => pick(NAME_WORDS);
  const perBatch = Math.ceil(albums / batches);
  const artists = Array.from(
    { length: Math.max(5, Math.round(labelledAs / 10)) },
    (_, i) => `${word()} ${word()} ${i}`,
  );
  const tags = Array.from({ length: Math.min(300, Math.max(5, labelledAs / 10)) }, (_, i) => ({
    name: `${word()} ${i}`,
    color: '#3B82F6',
  }));
  const genres = Array.from({ length: Math.min(GENRES, Math.max(3, labelledAs / 10)) }, (_, i) =>
    genreName(i),
  );
  const now = Date.now();

  return Array.from({ length: batches }, (_, batch) => {
    const folderCount = Math.max(2, Math.round(labelledAs / batches / 25));
    const depth: number[] = [];
    const folders = Array.from({ length: folderCount }, (_, key) => {
      const candidates = depth.flatMap((d, k) => (d < 7 ? [k] : []));
      const parent = key < 5 || candidates.length === 0 ? null : pick(candidates);
      depth.push(parent === null ? 0 : (depth[parent] ?? 0) + 1);
      return {
        key,
        parent_key: parent,
        name: `${word()} shelf ${batch}.${key}`,
        description: null,
        image_url: null,
        sort_order: key,
      };
    });
    const count = Math.min(perBatch, albums - batch * perBatch);
    return {
      format: 'gatefold-export' as const,
      version: 1 as const,
      exported_at: new Date(now).toISOString(),
      tags,
      folders,
      albums: Array.from({ length: count }, (_, i) => {
        const n = batch * perBatch + i;
        const artist = pick(artists);
        return {
          spotify_id: `bench${n}`,
          name: `${word()} ${word()} ${n}`,
          artist,
          release_date: `${1950 + below(75)}-0${1 + below(9)}-1${below(9)}`,
          total_tracks: 10,
          image_url: null,
          spotify_url: null,
          added_at: new Date(now - random() * 3000 * 86_400_000).toISOString(),
          tags: Array.from({ length: below(4) }, () => pick(tags).name),
          genres: Array.from({ length: 1 + below(2) }, () => pick(genres)),
          folder_keys: Array.from({ length: below(3) }, () => below(folderCount)),
          tracks: Array.from({ length: 10 }, (_, t) => ({
            name: `Track ${t + 1}`,
            artist,
            track_number: t + 1,
            disc_number: 1,
            duration_ms: 120_000 + below(300_000),
            spotify_url: null,
          })),
        };
      }),
    };
  });
}
