import type { AlbumSummary } from '@gatefold/contract/albums';
import { releaseYear } from '@gatefold/contract/release-year';
import { Link } from 'react-router';
import { AlbumCover } from './AlbumCover';
import { TagChip } from './TagChip';

/** SPEC §9: a card shows at most this many tags, then +N for the rest. */
export const CARD_TAG_LIMIT = 2;

type CardAlbum = Pick<
  AlbumSummary,
  'id' | 'name' | 'artist' | 'release_date' | 'image_url' | 'tags'
>;

/** One album in a grid: cover, name, artist, year and a few tags, linking to its page. */
export function AlbumCard({ album }: { album: CardAlbum }) {
  const year = releaseYear(album.release_date);
  const shownTags = album.tags.slice(0, CARD_TAG_LIMIT);
  const moreTags = album.tags.length - shownTags.length;
  return (
    <Link
      to={`/albums/${album.id}`}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-indigo-300 hover:shadow-md dark:border-gray-800 dark:bg-gray-900 dark:hover:border-indigo-700"
    >
      <AlbumCover src={album.image_url} alt="" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <p className="line-clamp-2 font-semibold leading-snug text-gray-900 group-hover:text-indigo-700 dark:text-gray-100 dark:group-hover:text-indigo-300">
          {album.name}
        </p>
        <p className="truncate text-sm text-gray-700 dark:text-gray-300">{album.artist}</p>
        {year !== null && <p className="text-xs text-gray-600 dark:text-gray-400">{year}</p>}
        {album.tags.length > 0 && (
          <div className="mt-auto flex flex-wrap items-center gap-1 pt-1">
            {shownTags.map((tag) => (
              <TagChip key={tag.id} name={tag.name} color={tag.color} size="sm" />
            ))}
            {moreTags > 0 && (
              <span
                title={`${moreTags} more ${moreTags === 1 ? 'tag' : 'tags'}`}
                className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-300"
              >
                +{moreTags}
              </span>
            )}
          </div>
        )}
      </div>
    </Link>
  );
}
