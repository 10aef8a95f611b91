import { describe, expect, it } from 'vitest';
import { buildFolder } from '../../components/build-folder';
import { buildFolderTree, type FolderNode } from '../../components/folder-tree';
import {
  canDrop,
  changesAnything,
  dropPositionAt,
  moveFolder,
  reorderForDrop,
  reorderItems,
} from './folder-reorder';

const outline = (nodes: readonly FolderNode[]): string[] =>
  nodes.flatMap((node) => [node.folder.name, ...outline(node.children).map((line) => `-${line}`)]);

// Jazz (0) > Bebop, Modal; Rock (1) > Punk; Soul (1, after Rock by name).
const tree = buildFolderTree([
  buildFolder(1, 'Jazz', null, 0),
  buildFolder(2, 'Modal', 1, 1),
  buildFolder(3, 'Bebop', 1, 0),
  buildFolder(4, 'Rock', null, 1),
  buildFolder(5, 'Punk', 4, 0),
  buildFolder(6, 'Soul', null, 1),
]);

describe('dropPositionAt', () => {
  it('splits a row in thirds: before, inside, after', () => {
    expect(dropPositionAt(100, 100, 48)).toBe('before');
    expect(dropPositionAt(115, 100, 48)).toBe('before');
    expect(dropPositionAt(124, 100, 48)).toBe('inside');
    expect(dropPositionAt(133, 100, 48)).toBe('after');
    expect(dropPositionAt(148, 100, 48)).toBe('after');
  });
});

describe('moveFolder', () => {
  it('puts a folder before or after a sibling', () => {
    expect(outline(moveFolder(tree, 6, { folderId: 1, position: 'before' }) ?? [])).toEqual([
      'Soul',
      'Jazz',
      '-Bebop',
      '-Modal',
      'Rock',
      '-Punk',
    ]);
    expect(outline(moveFolder(tree, 3, { folderId: 2, position: 'after' }) ?? [])).toEqual([
      'Jazz',
      '-Modal',
      '-Bebop',
      'Rock',
      '-Punk',
      'Soul',
    ]);
  });

  it('nests a folder last inside another, at any depth, with everything under it', () => {
    expect(outline(moveFolder(tree, 4, { folderId: 2, position: 'inside' }) ?? [])).toEqual([
      'Jazz',
      '-Bebop',
      '-Modal',
      '--Rock',
      '---Punk',
      'Soul',
    ]);
  });

  it('moves a nested folder out to the top level', () => {
    expect(outline(moveFolder(tree, 5, { folderId: 6, position: 'after' }) ?? [])).toEqual([
      'Jazz',
      '-Bebop',
      '-Modal',
      'Rock',
      'Soul',
      'Punk',
    ]);
  });

  it('refuses to move a folder onto itself or into anything under it', () => {
    expect(canDrop(tree, 1, { folderId: 1, position: 'inside' })).toBe(false);
    expect(canDrop(tree, 1, { folderId: 2, position: 'inside' })).toBe(false);
    expect(canDrop(tree, 1, { folderId: 3, position: 'before' })).toBe(false);
    expect(canDrop(tree, 1, { folderId: 99, position: 'before' })).toBe(false);
    expect(moveFolder(tree, 1, { folderId: 2, position: 'inside' })).toBeNull();
    expect(canDrop(tree, 2, { folderId: 4, position: 'inside' })).toBe(true);
  });

  it('refuses to nest a folder inside a smart folder, but places it beside one', () => {
    const withSmart = buildFolderTree([
      buildFolder(1, 'Jazz', null, 0),
      { ...buildFolder(2, 'Recent', null, 1), query: 'added:<30d' },
    ]);
    expect(canDrop(withSmart, 1, { folderId: 2, position: 'inside' })).toBe(false);
    expect(canDrop(withSmart, 1, { folderId: 2, position: 'after' })).toBe(true);
  });
});

describe('reorderItems', () => {
  it('gives every folder its parent and its index among its siblings', () => {
    expect(reorderItems(tree)).toEqual([
      { id: 1, parent_id: null, sort_order: 0 },
      { id: 3, parent_id: 1, sort_order: 0 },
      { id: 2, parent_id: 1, sort_order: 1 },
      { id: 4, parent_id: null, sort_order: 1 },
      { id: 5, parent_id: 4, sort_order: 0 },
      { id: 6, parent_id: null, sort_order: 2 },
    ]);
  });
});

describe('reorderForDrop', () => {
  it('recomputes the whole tree after a drop', () => {
    const result = reorderForDrop(tree, 5, { folderId: 3, position: 'inside' });
    expect(result?.items).toEqual([
      { id: 1, parent_id: null, sort_order: 0 },
      { id: 3, parent_id: 1, sort_order: 0 },
      { id: 5, parent_id: 3, sort_order: 0 },
      { id: 2, parent_id: 1, sort_order: 1 },
      { id: 4, parent_id: null, sort_order: 1 },
      { id: 6, parent_id: null, sort_order: 2 },
    ]);
    expect(outline(result?.tree ?? [])).toContain('--Punk');
  });

  it('sends nothing when a drop changes nothing or is refused', () => {
    const settled = buildFolderTree([buildFolder(1, 'A', null, 0), buildFolder(2, 'B', null, 1)]);
    expect(reorderForDrop(settled, 1, { folderId: 2, position: 'before' })).toBeNull();
    expect(reorderForDrop(settled, 2, { folderId: 1, position: 'after' })).toBeNull();
    expect(reorderForDrop(settled, 1, { folderId: 1, position: 'inside' })).toBeNull();
    expect(changesAnything(settled, reorderItems(settled))).toBe(false);
  });
});
