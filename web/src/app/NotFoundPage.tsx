import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';

export function NotFoundPage() {
  return (
    <div>
      <PageHeader title="Page not found" subtitle="There is nothing at this address." />
      <Link to="/dashboard" className="font-medium text-indigo-700 underline dark:text-indigo-300">
        Go to the dashboard
      </Link>
    </div>
  );
}
