import type { AlbumSummary } from '@gatefold/contract/albums';
import { yearsInCollection } from '@gatefold/contract/artist-stats';
import type { Artist } from '@gatefold/contract/artists';
import { displayDate } from '@gatefold/contract/display-date';
import { pageCount } from '@gatefold/contract/pagination';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ALBUMS_PER_PAGE } from '../../api/album-queries';
import { artistQueries } from '../../api/artist-queries';
import { AlbumCover } from '../../components/AlbumCover';
import { buttonStyles } from '../../components/Button';
import { SelectableAlbum, useToggleFocusedAlbum } from '../../components/bulk/SelectableAlbum';
import { SelectionBar } from '../../components/bulk/SelectionBar';
import { useAlbumSelection } from '../../components/bulk/useAlbumSelection';
import { Pagination } from '../../components/Pagination';
import { TagChip } from '../../components/TagChip';
import { ArtistImage } from './ArtistImage';

/** SPEC §9: an album card shows at most this many tags. */
const ALBUM_TAG_LIMIT = 2;

/** SPEC §2's artist detail: the artist, four stats, the timeline, genres, tags and albums. */
export function ArtistDetailPage() {
  const { name = '' } = useParams();
  const artist = useQuery(artistQueries.detail(name));

  if (artist.isPending) {
    return (
      <p role="status" className="py-12 text-center text-gray-700 dark:text-gray-300">
        Loading artist...
      </p>
    );
  }
  if (artist.isError) {
    return (
      <div className="py-12 text-center">
        <title>Artist Not Found · Gatefold</title>
        <h1 className="text-2xl font-bold">Artist Not Found</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          {`The artist "${name}" could not be found in your collection.`}
        </p>
        <Link to="/artists" className={`${buttonStyles('primary')} mt-5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Artists
        </Link>
      </div>
    );
  }
  return <ArtistView artist={artist.data} artistKey={name} />;
}

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const emptyText = 'text-sm text-gray-700 dark:text-gray-300';

function ArtistView({ artist, artistKey }: { artist: Artist; artistKey: string }) {
  const stats: { label: string; value: number }[] = [
    { label: 'Albums', value: artist.album_count },
    { label: 'Genres', value: artist.genres.length },
    { label: 'Tags', value: artist.tags.length },
    { label: 'Years in Collection', value: yearsInCollection(artist.first_album_date) },
  ];
  return (
    <div className="space-y-6">
      <title>{`${artist.name} · Gatefold`}</title>
      <div className="flex flex-wrap items-center gap-4">
        <Link
          to="/artists"
          aria-label="Back to Artists"
          className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <ArtistImage src={artist.image_url} className="size-20 sm:size-24" />
        <h1 className="min-w-0 text-2xl font-bold tracking-tight sm:text-3xl">{artist.name}</h1>
      </div>

      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map(({ label, value }) => (
          <div
            key={label}
            className="flex flex-col-reverse rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
          >
            <dt className="text-sm font-medium text-gray-700 dark:text-gray-300">{label}</dt>
            <dd className="text-3xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel id="artist-timeline-heading" title="Collection Timeline">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-gray-700 dark:text-gray-300">First added</dt>
              <dd className="text-base">{displayDate(artist.first_album_date) ?? '–'}</dd>
            </div>
            <div>
              <dt className="font-medium text-gray-700 dark:text-gray-300">Latest</dt>
              <dd className="text-base">{displayDate(artist.latest_album_date) ?? '–'}</dd>
            </div>
          </dl>
        </Panel>
        <Panel id="artist-genres-heading" title="Genres">
          {artist.genres.length === 0 ? (
            <p className={emptyText}>No genres for this artist.</p>
          ) : (
            <ul aria-label="Artist genres" className="flex flex-wrap gap-2">
              {artist.genres.map((genre) => (
                <li key={genre}>
                  <Link
                    to={`/genres/${encodeURIComponent(genre)}`}
                    className="inline-flex rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-800 hover:bg-indigo-100 hover:text-indigo-900 dark:bg-gray-800 dark:text-gray-200 dark:hover:bg-indigo-500/25 dark:hover:text-indigo-100"
                  >
                    {genre}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel id="artist-tags-heading" title="Tags">
          {artist.tags.length === 0 ? (
            <p className={emptyText}>No tags on this artist's albums.</p>
          ) : (
            <ul aria-label="Artist tags" className="flex flex-wrap gap-2">
              {artist.tags.map((tag) => (
                <li key={tag.name}>
                  <Link
                    to={`/tags/${encodeURIComponent(tag.name)}`}
                    className="inline-flex rounded-full hover:opacity-85"
                  >
                    <TagChip name={tag.name} color={tag.color} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <ArtistAlbums artistKey={artistKey} artistId={artist.id} />
    </div>
  );
}

/** The artist's albums, a server page at a time, newest additions first. */
function ArtistAlbums({ artistKey, artistId }: { artistKey: string; artistId: number }) {
  const [page, setPage] = useState(1);
  const albums = useQuery({
    ...artistQueries.albums(artistKey, {
      limit: ALBUMS_PER_PAGE,
      offset: (page - 1) * ALBUMS_PER_PAGE,
      sort: 'added-desc',
    }),
    placeholderData: keepPreviousData,
  });
  const total = albums.data?.total ?? 0;
  const items = albums.data?.items ?? [];
  const pageIds = items.map((album) => album.id);
  const selection = useAlbumSelection();
  useToggleFocusedAlbum(selection, pageIds);
  return (
    <Panel id="artist-albums-heading" title={albums.isSuccess ? `Albums (${total})` : 'Albums'}>
      {albums.isPending ? (
        <p role="status" className={emptyText}>
          Loading albums...
        </p>
      ) : items.length === 0 ? (
        <p className={emptyText}>No albums found for this artist.</p>
      ) : (
        <div className="space-y-5">
          <SelectionBar
            selection={selection}
            total={total}
            pageIds={pageIds}
            query=""
            scope={{ artist_id: artistId }}
          />
          <ul
            aria-label="Artist albums"
            aria-busy={albums.isPlaceholderData}
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-6"
          >
            {items.map((album) => (
              <SelectableAlbum key={album.id} album={album} selection={selection} pageIds={pageIds}>
                <ArtistAlbumCard album={album} />
              </SelectableAlbum>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount(total, ALBUMS_PER_PAGE)}
            onPageChange={setPage}
          />
        </div>
      )}
    </Panel>
  );
}

function ArtistAlbumCard({ album }: { album: AlbumSummary }) {
  const added = displayDate(album.created_at);
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
        {added !== null && (
          <p className="text-xs text-gray-600 dark:text-gray-400">{`Added ${added}`}</p>
        )}
        {album.tags.length > 0 && (
          <div className="mt-auto flex flex-wrap gap-1 pt-1">
            {album.tags.slice(0, ALBUM_TAG_LIMIT).map((tag) => (
              <TagChip key={tag.id} name={tag.name} color={tag.color} size="sm" />
            ))}
          </div>
        )}
      </div>
    </Link>
  );
}
