import { PageHeader } from '../../components/PageHeader';

export function AlbumsPage() {
  return <PageHeader title="Albums" subtitle="Every album in your collection." />;
}
