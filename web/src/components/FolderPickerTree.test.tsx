import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildFolder } from './build-folder';
import { FolderPickerTree } from './FolderPickerTree';
import { buildFolderTree, type FolderNode } from './folder-tree';
import { SMART_NO_ALBUMS, smartFolderReasons } from './smart-folder-reasons';

const ROW_PX = 36;
const BOX_PX = 240;

/** jsdom lays nothing out: the picker's box shows 240px of a tree of 36px rows. */
function layOutPicker(rowCount: number) {
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(BOX_PX);
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(rowCount * ROW_PX);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW_PX);
}

function renderPicker(nodes: FolderNode[], selectedId: number | null = null) {
  layOutPicker(nodes.length);
  render(
    <FolderPickerTree
      nodes={nodes}
      selectedId={selectedId}
      onSelect={() => {}}
      label="Parent folders"
      className="max-h-60 overflow-y-auto"
    />,
  );
  return screen.getByRole('tree', { name: 'Parent folders' });
}

const jazzAndRock = () =>
  buildFolderTree([
    buildFolder(1, 'Jazz', null, 0),
    buildFolder(2, 'Bebop', 1, 0),
    buildFolder(3, 'Modal', 1, 1),
    buildFolder(4, 'Rock', null, 1),
  ]);

describe('FolderPickerTree', () => {
  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  });

  it("tells screen readers each folder's level, place among its siblings and whether it is open", async () => {
    const tree = renderPicker(jazzAndRock());
    const items = within(tree).getAllByRole('treeitem');
    expect(
      items.map((item) =>
        ['aria-label', 'aria-level', 'aria-posinset', 'aria-setsize', 'aria-expanded'].map(
          (attribute) => item.getAttribute(attribute),
        ),
      ),
    ).toEqual([
      ['Jazz', '1', '1', '2', 'true'],
      ['Bebop', '2', '1', '2', null],
      ['Modal', '2', '2', '2', null],
      ['Rock', '1', '2', '2', null],
    ]);

    await userEvent.click(within(tree).getByRole('button', { name: 'Collapse Jazz' }));
    expect(within(tree).getByRole('treeitem', { name: 'Jazz' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(within(tree).queryByRole('treeitem', { name: 'Bebop' })).toBeNull();
  });

  it('shows a smart folder as not to be chosen, with the reason beside its name', async () => {
    const onSelect = vi.fn();
    const folders = [
      buildFolder(1, 'Jazz', null, 0),
      { ...buildFolder(2, 'Fifties', null, 1), query: 'year:1950..1959' },
    ];
    layOutPicker(folders.length);
    render(
      <FolderPickerTree
        nodes={buildFolderTree(folders)}
        selectedId={null}
        onSelect={onSelect}
        label="Folders"
        className="max-h-60 overflow-y-auto"
        unavailable={smartFolderReasons(folders, SMART_NO_ALBUMS)}
      />,
    );
    const smart = screen.getByRole('button', { name: /Fifties/ });
    expect(smart).toHaveProperty('disabled', true);
    expect(smart.textContent).toContain('Smart folder: fills itself from its rules');
    await userEvent.click(smart);
    await userEvent.click(screen.getByRole('button', { name: 'Jazz' }));
    expect(onSelect.mock.calls).toEqual([[1]]);
  });

  it('keeps each choice a pressable button inside its tree item', () => {
    const tree = renderPicker(jazzAndRock(), 3);
    const modal = within(tree).getByRole('treeitem', { name: 'Modal' });
    expect(within(modal).getByRole('button', { name: 'Modal' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('opens scrolled to the chosen folder, in the middle of the box', () => {
    // jsdom has no scrolling of elements: record where the picker asks its box to go.
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value: scrollTo,
    });
    const shelves = buildFolderTree(
      Array.from({ length: 200 }, (_, index) =>
        buildFolder(index + 1, `Shelf ${index + 1}`, null, index),
      ),
    );
    renderPicker(shelves, 180);
    expect(scrollTo).toHaveBeenCalledWith(
      expect.objectContaining({ top: 179 * ROW_PX - (BOX_PX - ROW_PX) / 2 }),
    );
  });
});
