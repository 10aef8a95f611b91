import type { Track } from '@gatefold/contract/albums';
import { formatDuration } from '@gatefold/contract/duration';
import { OpenInSpotifyLink } from '../../components/OpenInSpotifyLink';

/** Tracks by disc, then number. */
function byDisc(tracks: readonly Track[]): [number, Track[]][] {
  const discs = new Map<number, Track[]>();
  for (const track of [...tracks].sort(
    (a, b) => a.disc_number - b.disc_number || a.track_number - b.track_number,
  )) {
    const disc = discs.get(track.disc_number) ?? [];
    disc.push(track);
    discs.set(track.disc_number, disc);
  }
  return [...discs.entries()];
}

/** SPEC §2: tracks grouped by disc (headings only with more than one), in track order. */
export function AlbumTracks({ tracks }: { tracks: readonly Track[] }) {
  if (tracks.length === 0) {
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        No tracks available for this album.
      </p>
    );
  }
  const discs = byDisc(tracks);
  return (
    <div className="space-y-6">
      {discs.map(([disc, discTracks]) => (
        <div key={disc}>
          {discs.length > 1 && (
            <h3 className="mb-2 text-sm font-semibold uppercase tracking-wider text-gray-600 dark:text-gray-400">
              Disc {disc}
            </h3>
          )}
          <ol
            aria-label={discs.length > 1 ? `Disc ${disc}` : 'Tracks'}
            className="divide-y divide-gray-100 dark:divide-gray-800"
          >
            {discTracks.map((track) => (
              <li key={track.id} className="flex items-center gap-3 py-2">
                <span className="w-7 shrink-0 text-right text-sm tabular-nums text-gray-600 dark:text-gray-400">
                  {track.track_number}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{track.name}</p>
                  <p className="truncate text-sm text-gray-700 dark:text-gray-300">
                    {track.artist}
                  </p>
                </div>
                <span className="shrink-0 text-sm tabular-nums text-gray-700 dark:text-gray-300">
                  {formatDuration(track.duration_ms)}
                </span>
                {track.spotify_url !== null ? (
                  <OpenInSpotifyLink
                    url={track.spotify_url}
                    label={`Open ${track.name}`}
                    className="inline-flex w-16 shrink-0 items-center justify-end gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    Open
                  </OpenInSpotifyLink>
                ) : (
                  <span className="w-16 shrink-0" />
                )}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}
