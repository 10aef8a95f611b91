import { DemoCatalogue } from '../src/streaming/demo/demo-catalogue';
import { DemoStreamingService } from '../src/streaming/demo/demo-service';
import { startFakeSpotify } from '../src/testing/fake-spotify';
import { collectionBatches } from './collection';

/**
 * A loopback Spotify whose user has saved `albums` albums, the bench collection's (10 tracks
 * each, about a tenth as many artists), answered in Spotify's 2026 shapes: no genres.
 */
export function startSpotifyWithLibrary(albums: number) {
  const stored = collectionBatches({ albums, batches: 1 }).flatMap((batch) =>
    batch.albums.map((album) => ({
      name: album.name,
      artists: [album.artist],
      release_date: album.release_date ?? '2000',
      label: 'Bench',
      country: 'GB',
      genres: ['rock'],
      popularity: 50,
      album_type: 'album' as const,
      tracks: album.tracks.map((track) => ({
        disc: track.disc_number ?? 1,
        number: track.track_number ?? 1,
        name: track.name,
        duration: sleeveDuration(track.duration_ms ?? 0),
      })),
    })),
  );
  // Covers are never fetched: the import stores their addresses.
  const nowhere = 'http://127.0.0.1:9';
  const catalogue = new DemoStreamingService(new DemoCatalogue(stored, nowhere), nowhere);
  return startFakeSpotify({ catalogue, librarySize: albums });
}

/** "m:ss", as the demo catalogue writes durations. */
function sleeveDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
