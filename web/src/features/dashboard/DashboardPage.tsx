import { useQuery } from '@tanstack/react-query';
import { authQueries } from '../../api/auth-queries';
import { SessionExpiredNotice } from '../../components/SessionExpiredNotice';

export function DashboardPage() {
  const { data: user } = useQuery(authQueries.me());

  return (
    <div className="space-y-6">
      <title>Dashboard · Gatefold</title>
      <SessionExpiredNotice />
      <section className="rounded-2xl bg-gradient-to-br from-indigo-600 to-violet-700 p-6 text-white shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {user ? `Welcome back, ${user.display_name}` : 'Welcome back'}
        </h1>
        <p className="mt-2 max-w-prose text-indigo-50">
          Here is your collection at a glance. Pick up where you left off.
        </p>
      </section>
    </div>
  );
}
