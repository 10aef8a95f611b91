import { PageHeader } from '../../components/PageHeader';

export function TagsPage() {
  return <PageHeader title="Tags" subtitle="Label albums with coloured tags." />;
}
