import { PageHeader } from '../../components/PageHeader';

export function GenresPage() {
  return <PageHeader title="Genres" subtitle="Browse music genres collected from your albums" />;
}
