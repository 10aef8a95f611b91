import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { DeleteAccount } from './DeleteAccount';
import { ExportImport } from './ExportImport';
import { LibraryImport } from './LibraryImport';
import { MaintenanceReportPanel } from './MaintenanceReportPanel';
import { MetadataRefresh } from './MetadataRefresh';

function Card({
  id,
  title,
  children,
  danger = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-2xl border bg-white p-5 shadow-sm dark:bg-gray-900 ${danger ? 'border-red-300 dark:border-red-900' : 'border-gray-200 dark:border-gray-800'}`}
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** DESIGN §7: library maintenance. Loaded lazily, in its own chunk: few visits ever open it. */
export default function MaintenancePage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Maintenance" subtitle="Keep your library tidy." />
      <Card id="maintenance-import" title="Streaming library">
        <LibraryImport />
      </Card>
      <Card id="maintenance-refresh" title="Metadata">
        <MetadataRefresh />
      </Card>
      <Card id="maintenance-report" title="Library report">
        <MaintenanceReportPanel />
      </Card>
      <Card id="maintenance-export" title="Export and import">
        <ExportImport />
      </Card>
      <Card id="maintenance-delete" title="Delete account" danger>
        <DeleteAccount />
      </Card>
    </div>
  );
}
