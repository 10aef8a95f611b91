import { PageHeader } from '../../components/PageHeader';

export function ArtistsPage() {
  return <PageHeader title="Artists" subtitle="The artists in your collection." />;
}
