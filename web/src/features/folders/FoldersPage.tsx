import { PageHeader } from '../../components/PageHeader';

export function FoldersPage() {
  return <PageHeader title="Folders" subtitle="Organise your albums into nested folders." />;
}
