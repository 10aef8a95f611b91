import { useQuery } from '@tanstack/react-query';
import { statsQueries } from '../../api/stats-queries';
import { Button } from '../../components/Button';
import { ChartPanel } from './ChartPanel';
import { artistLink, decadeLink, genreLink, monthLabel, monthLink } from './chart-links';

/**
 * The landing page's promise: the collection's shape by genre, decade, month added and artist,
 * from one call. Loaded in a chunk of its own, with the chart library, after the dashboard shows.
 */
export function CollectionCharts() {
  const stats = useQuery(statsQueries.collection());
  if (stats.isPending) {
    return (
      <p role="status" className="text-sm text-gray-700 dark:text-gray-300">
        Loading charts...
      </p>
    );
  }
  if (stats.isError) {
    return (
      <div role="alert" className="text-sm text-gray-700 dark:text-gray-300">
        <p>Your collection's charts could not be loaded.</p>
        <Button className="mt-3" onClick={() => stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { genres, decades, added_per_month, top_artists } = stats.data;
  if (genres.length === 0 && decades.length === 0 && top_artists.length === 0) {
    return (
      <p className="py-6 text-center text-gray-700 dark:text-gray-300">
        Charts of your collection appear here once it holds a few albums.
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel
        title="Albums by genre"
        rowHeading="Genre"
        layout="rows"
        rows={genres.map((genre, index) => ({
          label: genre.name,
          count: genre.album_count,
          to: genreLink(genre.name, index),
        }))}
      />
      <ChartPanel
        title="Albums by decade"
        rowHeading="Decade"
        layout="columns"
        rows={decades.map((decade) => ({
          label: `${decade.decade}s`,
          count: decade.album_count,
          to: decadeLink(decade.decade),
        }))}
      />
      <ChartPanel
        title="Albums added per month"
        rowHeading="Month"
        layout="columns"
        rows={added_per_month.map((month) => ({
          label: monthLabel(month.month),
          count: month.album_count,
          to: monthLink(month.month),
        }))}
      />
      <ChartPanel
        title="Top artists"
        rowHeading="Artist"
        layout="rows"
        rows={top_artists.map((artist) => ({
          label: artist.name,
          count: artist.album_count,
          to: artistLink(artist.slug),
        }))}
      />
    </div>
  );
}
