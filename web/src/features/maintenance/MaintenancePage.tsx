import { PageHeader } from '../../components/PageHeader';

/** Loaded lazily, in its own chunk: few visits ever open it. */
export default function MaintenancePage() {
  return <PageHeader title="Maintenance" subtitle="Keep your library tidy." />;
}
