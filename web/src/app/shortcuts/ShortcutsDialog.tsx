import { Modal } from '../../components/Modal';
import { SHORTCUT_GROUPS } from './shortcut-list';

const keyCap =
  'rounded-md border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs text-gray-800 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-200';

/** `?`: every shortcut, grouped by where it works. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" closeOnBackdrop>
      <div className="space-y-5">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.name}>
            <h3 className="mb-2 text-sm font-semibold text-gray-700 dark:text-gray-300">
              {group.name}
            </h3>
            <dl className="divide-y divide-gray-100 dark:divide-gray-800">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.does} className="flex items-center justify-between gap-4 py-1.5">
                  <dt className="text-sm">{shortcut.does}</dt>
                  <dd className="flex shrink-0 gap-1">
                    {shortcut.keys.map((keys, index) => (
                      <span key={keys} className="flex items-center gap-1">
                        {index > 0 && <span className="text-xs text-gray-500">or</span>}
                        {keys.split(' ').map((key) => (
                          <kbd key={key} className={keyCap}>
                            {key}
                          </kbd>
                        ))}
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
