import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { genreQueries } from '../../api/genre-queries';
import { AlbumGrid } from '../../components/AlbumGrid';
import { buttonStyles } from '../../components/Button';

/** SPEC §2's genre detail: the genre, its album count and its albums (no filter box). */
export function GenreDetailPage() {
  const { name = '' } = useParams();
  const genre = useQuery(genreQueries.detail(name));

  if (genre.isPending) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-3 py-12 text-gray-700 dark:text-gray-300"
      >
        <LoaderCircle
          aria-hidden="true"
          className="size-5 animate-spin motion-reduce:animate-none"
        />
        Loading albums
      </p>
    );
  }
  if (genre.isError) {
    return (
      <div className="py-12 text-center">
        <title>Genre Not Found · Gatefold</title>
        <h1 className="text-2xl font-bold">Genre Not Found</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">{`The genre "${name}" could not be found.`}</p>
        <Link to="/genres" className={`${buttonStyles('primary')} mt-5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Genres
        </Link>
      </div>
    );
  }

  const { data } = genre;
  return (
    <div className="space-y-6">
      <title>{`${data.name} · Gatefold`}</title>
      <div className="flex items-center gap-3">
        <Link
          to="/genres"
          aria-label="Back to Genres"
          className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{data.name}</h1>
          <p className="text-gray-600 dark:text-gray-400">
            {`${data.album_count} ${data.album_count === 1 ? 'album' : 'albums'}`}
          </p>
        </div>
      </div>
      <section
        aria-label={`Albums in ${data.name}`}
        className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <AlbumGrid
          pageQuery={genreQueries.albums(data.name)}
          label={`Albums in ${data.name}`}
          selectionScope={{ genre_id: data.id }}
          emptyState={<p>{`No albums found in the "${data.name}" genre.`}</p>}
        />
      </section>
    </div>
  );
}
