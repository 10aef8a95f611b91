import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export function AlbumDetailPage() {
  const { id = '' } = useParams();
  return <PageHeader title={`Album ${id}`} />;
}
