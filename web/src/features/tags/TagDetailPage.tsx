import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { tagQueries } from '../../api/tag-queries';
import { AlbumGrid } from '../../components/AlbumGrid';
import { buttonStyles } from '../../components/Button';

/** SPEC §2's tag detail: the tag, its colour, and its albums in the shared grid (no filter box). */
export function TagDetailPage() {
  const { name = '' } = useParams();
  const tag = useQuery(tagQueries.detail(name));

  if (tag.isPending) {
    return (
      <p role="status" className="py-12 text-center text-gray-700 dark:text-gray-300">
        Loading albums...
      </p>
    );
  }
  if (tag.isError) {
    return (
      <div className="py-12 text-center">
        <title>Tag Not Found · Gatefold</title>
        <h1 className="text-2xl font-bold">Tag Not Found</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">{`The tag "${name}" could not be found.`}</p>
        <Link to="/tags" className={`${buttonStyles('primary')} mt-5`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Tags
        </Link>
      </div>
    );
  }

  const { data } = tag;
  return (
    <div className="space-y-6">
      <title>{`${data.name} · Gatefold`}</title>
      <Link
        to="/tags"
        className="inline-flex items-center gap-1 text-sm font-medium text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Tags
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{data.name}</h1>
          <p className="mt-1 text-gray-600 dark:text-gray-400">
            {`${data.album_count} ${data.album_count === 1 ? 'album' : 'albums'} with this tag`}
          </p>
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-2 dark:border-gray-800 dark:bg-gray-900">
          <span
            aria-hidden="true"
            className="size-8 rounded-lg ring-1 ring-black/10 dark:ring-white/20"
            style={{ backgroundColor: data.color }}
          />
          <span>
            <span className="block text-sm font-medium">Tag Color</span>
            <span className="block font-mono text-xs text-gray-600 dark:text-gray-400">
              {data.color}
            </span>
          </span>
        </div>
      </div>
      <section
        aria-labelledby="tag-albums-heading"
        className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
      >
        <h2 id="tag-albums-heading" className="mb-4 text-lg font-semibold">
          Albums
        </h2>
        <AlbumGrid
          pageQuery={tagQueries.albums(data.name)}
          label={`Albums tagged ${data.name}`}
          selectionScope={{ tag_id: data.id }}
          emptyState={<p>{`No albums have been tagged with '${data.name}'.`}</p>}
        />
      </section>
    </div>
  );
}
