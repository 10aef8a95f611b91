import type { DiscoveryAlbum } from '@gatefold/contract/discovery';
import { releaseYear } from '@gatefold/contract/release-year';
import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { AlbumCover } from '../../components/AlbumCover';
import { Button } from '../../components/Button';
import { OpenInSpotifyLink } from '../../components/OpenInSpotifyLink';

interface DiscoveryResultCardProps {
  album: DiscoveryAlbum;
  adding: boolean;
  onAdd: () => void;
}

/**
 * SPEC §2: cover, name, artist, year, track count and a streaming link; an In Collection badge,
 * or + Add to Collection on hover or focus (always shown where there is no hover).
 */
export function DiscoveryResultCard({ album, adding, onAdd }: DiscoveryResultCardProps) {
  const year = releaseYear(album.release_date);
  return (
    <article
      aria-label={`${album.name} by ${album.artist}`}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="relative">
        <AlbumCover src={album.image_url} alt="" />
        {album.in_collection ? (
          <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-900 shadow dark:bg-green-900 dark:text-green-100">
            <Check aria-hidden="true" className="size-3.5" />
            In Collection
          </span>
        ) : (
          <div className="absolute inset-x-0 bottom-0 flex justify-center bg-gradient-to-t from-gray-950/70 to-transparent p-3 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 motion-reduce:transition-none [@media(hover:hover)]:opacity-0">
            <Button size="sm" variant="primary" disabled={adding} onClick={onAdd}>
              {adding ? 'Adding...' : '+ Add to Collection'}
              {/* The name begins with the visible words, so voice control can say them (WCAG 2.5.3). */}
              <span className="sr-only">: {album.name}</span>
            </Button>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          {album.collection_id !== null ? (
            <Link
              to={`/albums/${album.collection_id}`}
              className="hover:text-indigo-700 hover:underline dark:hover:text-indigo-300"
            >
              {album.name}
            </Link>
          ) : (
            album.name
          )}
        </h3>
        <p className="truncate text-sm text-gray-700 dark:text-gray-300">{album.artist}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {[
            year,
            album.total_tracks === null
              ? null
              : `${album.total_tracks} ${album.total_tracks === 1 ? 'track' : 'tracks'}`,
          ]
            .filter((part) => part !== null)
            .join(' · ')}
        </p>
        {album.spotify_url !== null && (
          <OpenInSpotifyLink
            url={album.spotify_url}
            label={`Open ${album.name} in Spotify`}
            className="mt-auto inline-flex items-center gap-1 pt-1 text-sm font-medium text-green-800 hover:underline dark:text-green-400"
          >
            Open in Spotify
          </OpenInSpotifyLink>
        )}
      </div>
    </article>
  );
}
