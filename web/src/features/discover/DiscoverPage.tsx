import { PageHeader } from '../../components/PageHeader';

/** Loaded lazily: the discovery screen is heavy and only some visits need it. */
export default function DiscoverPage() {
  return (
    <PageHeader
      title="Discover New Music"
      subtitle="Search the streaming catalogue by country, genre, year and more."
    />
  );
}
