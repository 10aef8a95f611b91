import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export function GenreDetailPage() {
  const { name = '' } = useParams();
  return <PageHeader title={name} />;
}
