import { describe, expect, it } from 'vitest';
import { buildFolder } from './build-folder';
import {
  buildFolderTree,
  type FolderNode,
  filterFolderTree,
  subtreeOf,
  visibleRows,
  withoutFolder,
} from './folder-tree';

const outline = (nodes: FolderNode[]): string[] =>
  nodes.flatMap((node) => [
    `${'-'.repeat(node.depth)}${node.folder.name}`,
    ...outline(node.children),
  ]);

const folders = [
  buildFolder(1, 'Rock', null, 1),
  buildFolder(2, 'Jazz', null, 0),
  buildFolder(3, 'Modal', 2, 0),
  buildFolder(4, 'Bebop', 2, 0),
  buildFolder(5, 'Punk', 1, 0),
  buildFolder(6, 'Lost', 99, 0),
];

describe('buildFolderTree', () => {
  it('roots the tree at folders without a parent, siblings by sort order then name', () => {
    expect(outline(buildFolderTree(folders))).toEqual([
      'Jazz',
      '-Bebop',
      '-Modal',
      'Rock',
      '-Punk',
    ]);
  });
});

describe('withoutFolder', () => {
  it('leaves out a folder and everything under it', () => {
    expect(outline(withoutFolder(buildFolderTree(folders), 2))).toEqual(['Rock', '-Punk']);
  });
});

describe('filterFolderTree', () => {
  it('keeps matches in any case with the folders above them', () => {
    expect(outline(filterFolderTree(buildFolderTree(folders), 'MOD'))).toEqual(['Jazz', '-Modal']);
    expect(outline(filterFolderTree(buildFolderTree(folders), 'nothing'))).toEqual([]);
  });
});

describe('subtreeOf', () => {
  it('gives the folders under one folder, its children at depth 0', () => {
    const tree = buildFolderTree([...folders, buildFolder(7, 'Hard bop', 4, 0)]);
    expect(outline(subtreeOf(tree, 2) ?? [])).toEqual(['Bebop', '-Hard bop', 'Modal']);
    expect(subtreeOf(tree, 5)).toEqual([]);
    expect(subtreeOf(tree, 42)).toBeNull();
  });
});

describe('visibleRows', () => {
  const tree = buildFolderTree(folders);
  const shown = (open: number[], emptyZones = false) =>
    visibleRows(tree, (id) => open.includes(id), { emptyZones }).map((row) =>
      row.kind === 'folder'
        ? `${row.expanded ? 'v' : '>'}${row.node.folder.name}`
        : `(into ${row.node.folder.name})`,
    );

  it('shows only the roots while every folder is closed', () => {
    expect(shown([])).toEqual(['>Jazz', '>Rock']);
  });

  it("shows an open folder's children under it, in the tree's order", () => {
    expect(shown([2])).toEqual(['vJazz', '>Bebop', '>Modal', '>Rock']);
  });

  it('puts a drop zone under an open folder with no children, when asked', () => {
    expect(shown([1, 5], true)).toEqual(['>Jazz', 'vRock', 'vPunk', '(into Punk)']);
    expect(shown([1, 5])).toEqual(['>Jazz', 'vRock', 'vPunk']);
  });

  it('places each folder among its siblings in the tree, not among the rows shown', () => {
    const places = visibleRows(tree, (id) => id === 2).map((row) =>
      row.kind === 'folder' ? `${row.node.folder.name} ${row.position}/${row.siblings}` : '',
    );
    expect(places).toEqual(['Jazz 1/2', 'Bebop 1/2', 'Modal 2/2', 'Rock 2/2']);
  });
});
