import { useEffect, useRef } from 'react';
import { Button, buttonStyles } from '../../components/Button';
import type { AccountSwitch } from './account-switch';

/** Asks, before the first screen, whether a sign-in for another user should replace this one. */
export function AccountSwitchPrompt({
  names,
  onChoose,
}: {
  names: AccountSwitch;
  onChoose: (choice: 'switch' | 'stay') => void;
}) {
  const switchButton = useRef<HTMLButtonElement>(null);
  useEffect(() => switchButton.current?.focus(), []);
  return (
    <main className="grid min-h-screen place-items-center p-6">
      <section
        aria-labelledby="account-switch-title"
        className="max-w-md space-y-4 rounded-lg border border-gray-200 p-6 dark:border-gray-700"
      >
        <h1 id="account-switch-title" className="text-xl font-semibold">
          Switch accounts?
        </h1>
        <p className="text-gray-700 dark:text-gray-300">
          You are signed in as <strong>{names.signedIn}</strong>. This sign-in is for{' '}
          <strong>{names.arriving}</strong>.
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            ref={switchButton}
            type="button"
            className={buttonStyles('primary')}
            onClick={() => onChoose('switch')}
          >
            Continue as {names.arriving}
          </button>
          <Button onClick={() => onChoose('stay')}>Stay as {names.signedIn}</Button>
        </div>
      </section>
    </main>
  );
}
