import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export function TagDetailPage() {
  const { name = '' } = useParams();
  return <PageHeader title={name} />;
}
