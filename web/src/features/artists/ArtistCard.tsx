import type { Artist } from '@gatefold/contract/artists';
import { relativeTime } from '@gatefold/contract/relative-time';
import { Link } from 'react-router';
import { TagChip } from '../../components/TagChip';
import { ArtistImage } from './ArtistImage';

/** SPEC §9: an artist card shows this many genre chips (then +N) and this many tag chips. */
export const CARD_GENRE_LIMIT = 2;
export const CARD_TAG_LIMIT = 3;

/** SPEC §2: the list links by id, or by slug when there is no id. */
export function artistPath(artist: Pick<Artist, 'id' | 'slug'>): string {
  return `/artists/${encodeURIComponent(artist.id > 0 ? String(artist.id) : artist.slug)}`;
}

export function ArtistCard({ artist }: { artist: Artist }) {
  const shownGenres = artist.genres.slice(0, CARD_GENRE_LIMIT);
  const moreGenres = artist.genres.length - shownGenres.length;
  const latest = artist.latest_album_date === null ? null : relativeTime(artist.latest_album_date);
  return (
    <Link
      to={artistPath(artist)}
      className="group flex h-full flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
    >
      <div className="flex items-center gap-3">
        <ArtistImage src={artist.image_url} className="size-14" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-gray-900 group-hover:text-indigo-700 dark:text-gray-100 dark:group-hover:text-indigo-300">
            {artist.name}
          </p>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {`${artist.album_count} ${artist.album_count === 1 ? 'album' : 'albums'}`}
          </p>
          {latest !== null && (
            <p className="text-xs text-gray-600 dark:text-gray-400">{`Added ${latest}`}</p>
          )}
        </div>
      </div>
      {artist.genres.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {shownGenres.map((genre) => (
            <span
              key={genre}
              className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800 dark:bg-gray-800 dark:text-gray-200"
            >
              {genre}
            </span>
          ))}
          {moreGenres > 0 && (
            <span
              title={`${moreGenres} more ${moreGenres === 1 ? 'genre' : 'genres'}`}
              className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-500/20 dark:text-indigo-200"
            >
              +{moreGenres}
            </span>
          )}
        </div>
      )}
      {artist.tags.length > 0 && (
        <div className="mt-auto flex flex-wrap gap-1">
          {artist.tags.slice(0, CARD_TAG_LIMIT).map((tag) => (
            <TagChip key={tag.name} name={tag.name} color={tag.color} size="sm" />
          ))}
        </div>
      )}
    </Link>
  );
}
