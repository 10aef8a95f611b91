import { CompiledQuery } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { upsertStreamingUser } from '../auth/users';
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../testing/test-database';
import { artistsKnownBy, upsertArtists } from './credits';

/** The one user whose artists these tests credit. */
const listenerIn = (db: TestDatabase['db']) =>
  upsertStreamingUser(
    db,
    'demo',
    { id: 'listener', displayName: 'Listener', imageUrl: null },
    null,
  );

describe.each(testDatabaseKinds)('crediting artists on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  async function userWithArtistNamed(name: string) {
    database = await createTestDatabase(kind);
    const { db } = database;
    const userId = await listenerIn(db);
    const [known] = await upsertArtists(db, userId, [{ name }]);
    return { db, userId, known };
  }

  it('matches by streaming id, else by name where one side has none, and adds each new artist once', async () => {
    const { db, userId, known } = await userWithArtistNamed('Björk');
    const ids = await upsertArtists(db, userId, [
      { name: 'BJÖRK', spotify_id: 'bjork1' },
      { name: 'björk', spotify_id: 'bjork2' },
      { name: 'Sigur Rós' },
      { name: 'SIGUR RÓS' },
      { name: 'Кино', spotify_id: 'kino1' },
      { name: 'Kino', spotify_id: 'kino1' },
      { name: 'Björk', spotify_id: 'bjork1' },
    ]);
    const [first, second, sigur, sigurAgain, kino, kinoAgain, firstAgain] = ids;
    // The known Björk had no streaming id, so the first credit is hers and gives her one; the
    // second, with another id, is another artist of the same name.
    expect(first).toBe(known);
    expect(firstAgain).toBe(known);
    expect(second).not.toBe(known);
    expect(sigurAgain).toBe(sigur);
    expect(kinoAgain).toBe(kino);
    expect(new Set(ids).size).toBe(4);
    const stored = await db
      .selectFrom('artists')
      .select(['id', 'name', 'spotify_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: known, name: 'Björk', spotify_id: 'bjork1' },
      { id: second, name: 'björk', spotify_id: 'bjork2' },
      { id: sigur, name: 'Sigur Rós', spotify_id: null },
      { id: kino, name: 'Кино', spotify_id: 'kino1' },
    ]);
  });
});

describe.each(testDatabaseKinds)('looking up known artists on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  it('finds an artist named by both its streaming id and its name once, the oldest of a name first', async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const userId = await listenerIn(db);
    const [bjork, otherBjork] = await upsertArtists(db, userId, [
      { name: 'Björk', spotify_id: 'bjork1' },
      { name: 'björk', spotify_id: 'bjork2' },
    ]);
    const known = await artistsKnownBy(db, userId, ['bjork1'], ['björk']).execute();
    expect(known.map((artist) => artist.id)).toEqual([bjork, otherBjork]);
    expect(await upsertArtists(db, userId, [{ name: 'BJÖRK', spotify_id: 'bjork1' }])).toEqual([
      bjork,
    ]);
  });
});

describe('looking up the artists a batch credits on sqlite', () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  it('reads each key through its own index, not every artist of the user', async () => {
    database = await createTestDatabase('sqlite');
    const { db } = database;
    const lookup = artistsKnownBy(db, 1, ['bjork1', 'kino1'], ['sigur ros']).compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${lookup.sql}`, [...lookup.parameters]),
    );
    // Tied to SQLite's wording of its plan on purpose: which index reads the artists is the point.
    const artistReads = plan.rows.map((row) => row.detail).filter((step) => / artists /.test(step));
    expect(artistReads).toEqual([
      expect.stringMatching(/\(user_id=\? AND spotify_id=\?\)$/),
      expect.stringMatching(/\(user_id=\? AND name_key=\?\)$/),
    ]);
  });
});
