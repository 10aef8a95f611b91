import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A whole-page waiting message (signing in, loading the user) before any screen can show. */
export function FullPageStatus({ children }: { children: ReactNode }) {
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <p role="status" className="flex items-center gap-3 text-gray-700 dark:text-gray-300">
        <LoaderCircle
          aria-hidden="true"
          className="size-5 animate-spin motion-reduce:animate-none"
        />
        {children}
      </p>
    </main>
  );
}
