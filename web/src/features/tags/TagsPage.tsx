import type { Tag } from '@gatefold/contract/tags';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash, TrendingUp } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { MAX_TAG_LIST, tagQueries } from '../../api/tag-queries';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useTagDeletion } from './TagDeletion';
import { TagFormDialog } from './TagFormDialog';

const FILTER_DEBOUNCE_MS = 300;

const tagPath = (name: string) => `/tags/${encodeURIComponent(name)}`;
const albumCount = (count: number) => `${count} ${count === 1 ? 'album' : 'albums'}`;

function Card({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id={id} className="mb-4 flex items-center gap-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** SPEC §2's tags list: the user's tags (filtered on the server), trending tags, and the dialogs. */
export function TagsPage() {
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText.trim(), FILTER_DEBOUNCE_MS);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Tag | undefined>(undefined);
  const deletion = useTagDeletion();

  const tags = useQuery({
    ...tagQueries.list({ q: filter, limit: MAX_TAG_LIST }),
    placeholderData: keepPreviousData,
  });
  const trending = useQuery(tagQueries.trending());
  const items = tags.data?.items ?? [];
  const total = tags.data?.total ?? 0;
  const filtering = filter !== '' || filterText.trim() !== '';

  return (
    <div className="space-y-6">
      <PageHeader
        title="Tags"
        subtitle="Label albums with coloured tags."
        actions={
          <Button variant="primary" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New Tag
          </Button>
        }
      />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card id="your-tags-heading" title="Your Tags">
            <SearchInput
              value={filterText}
              onChange={setFilterText}
              placeholder="Filter tags..."
              label="Filter tags"
              className="mb-4 sm:w-72"
            />
            {tags.isPending ? (
              <p role="status" className="py-6 text-center text-gray-700 dark:text-gray-300">
                Loading tags...
              </p>
            ) : items.length === 0 ? (
              <p className="py-6 text-center text-gray-700 dark:text-gray-300">
                {filtering
                  ? 'No tags match your filter.'
                  : 'No tags yet. Create your first tag to get started!'}
              </p>
            ) : (
              <>
                <ul
                  aria-label="Tags"
                  aria-busy={tags.isPlaceholderData}
                  className="grid gap-3 sm:grid-cols-2"
                >
                  {items.map((tag) => (
                    <li
                      key={tag.id}
                      className="flex items-center gap-3 rounded-xl border border-gray-200 p-3 dark:border-gray-800"
                    >
                      <Link
                        to={tagPath(tag.name)}
                        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg hover:text-indigo-700 dark:hover:text-indigo-300"
                      >
                        <span
                          aria-hidden="true"
                          className="size-4 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20"
                          style={{ backgroundColor: tag.color }}
                        />
                        <span className="min-w-0">
                          <span className="block truncate font-semibold">{tag.name}</span>
                          <span className="block text-sm text-gray-600 dark:text-gray-400">
                            {albumCount(tag.album_count)}
                          </span>
                        </span>
                      </Link>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Edit ${tag.name}`}
                        onClick={() => setEditing(tag)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete ${tag.name}`}
                        disabled={deletion.deleting === tag.name}
                        onClick={() => deletion.start(tag)}
                      >
                        <Trash aria-hidden="true" className="size-4" />
                        Delete
                      </Button>
                    </li>
                  ))}
                </ul>
                {total > items.length && (
                  <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">
                    Showing {items.length} of {total} tags. Filter to find the others.
                  </p>
                )}
              </>
            )}
          </Card>
        </div>

        <Card
          id="trending-tags-heading"
          title={
            <>
              <TrendingUp
                aria-hidden="true"
                className="size-5 text-indigo-600 dark:text-indigo-300"
              />
              Trending Tags
            </>
          }
        >
          {(trending.data?.trending_tags ?? []).length === 0 ? (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {trending.isPending ? 'Loading tags...' : 'No trending tags yet.'}
            </p>
          ) : (
            <ul aria-label="Trending tags" className="flex flex-wrap gap-2">
              {(trending.data?.trending_tags ?? []).map((tag) => (
                <li key={tag.id}>
                  <Link
                    to={tagPath(tag.name)}
                    className="inline-flex items-center gap-2 rounded-full border border-gray-200 bg-gray-50 px-3 py-1 text-sm font-medium text-gray-800 hover:border-indigo-300 hover:bg-indigo-50 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:hover:border-indigo-500 dark:hover:bg-indigo-500/20"
                  >
                    <span
                      aria-hidden="true"
                      className="size-2.5 rounded-full"
                      style={{ backgroundColor: tag.color }}
                    />
                    {tag.name}
                    <span className="rounded-full bg-white px-1.5 text-xs text-gray-700 dark:bg-gray-900 dark:text-gray-300">
                      {tag.album_count}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <TagFormDialog open={creating} onOpenChange={setCreating} />
      <TagFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        editing={editing}
      />
      {deletion.dialogs}
    </div>
  );
}
