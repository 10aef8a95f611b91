import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useShortcuts } from '../../components/useShortcuts';
import { NEW_FOLDER_STATE } from '../../features/folders/new-folder-state';
import { CommandPalette } from './CommandPalette';
import { ShortcutsDialog } from './ShortcutsDialog';
import { GO_TO } from './shortcut-list';

/** The shortcuts that work on every signed-in screen, the palette and the shortcuts dialog. */
export function AppShortcuts() {
  const navigate = useNavigate();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  const newFolder = () => void navigate('/folders', { state: NEW_FOLDER_STATE });

  useShortcuts({
    ...Object.fromEntries(
      Object.entries(GO_TO).map(([key, path]) => [`g ${key}`, () => void navigate(path)]),
    ),
    n: newFolder,
    '[Shift]+?': () => setHelp(true),
  });
  useShortcuts(
    {
      '$mod+k': () => setPalette(true),
    },
    { inFields: true },
  );

  return (
    <>
      <CommandPalette
        open={palette}
        onOpenChange={setPalette}
        onNewFolder={newFolder}
        onShowShortcuts={() => setHelp(true)}
      />
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </>
  );
}
