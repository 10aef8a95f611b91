import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';

export function FolderDetailPage() {
  const { id = '' } = useParams();
  return <PageHeader title={`Folder ${id}`} />;
}
