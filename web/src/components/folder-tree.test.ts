import type { Folder } from '@gatefold/contract/folders';
import { describe, expect, it } from 'vitest';
import {
  buildFolderTree,
  type FolderNode,
  filterFolderTree,
  subtreeOf,
  withoutFolder,
} from './folder-tree';

const folder = (id: number, name: string, parentId: number | null, sortOrder = 0): Folder => ({
  id,
  name,
  description: null,
  image_url: null,
  parent_id: parentId,
  sort_order: sortOrder,
  album_count: 0,
  total_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

const outline = (nodes: FolderNode[]): string[] =>
  nodes.flatMap((node) => [
    `${'-'.repeat(node.depth)}${node.folder.name}`,
    ...outline(node.children),
  ]);

const folders = [
  folder(1, 'Rock', null, 1),
  folder(2, 'Jazz', null, 0),
  folder(3, 'Modal', 2, 0),
  folder(4, 'Bebop', 2, 0),
  folder(5, 'Punk', 1, 0),
  folder(6, 'Lost', 99, 0),
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
    const tree = buildFolderTree([...folders, folder(7, 'Hard bop', 4, 0)]);
    expect(outline(subtreeOf(tree, 2) ?? [])).toEqual(['Bebop', '-Hard bop', 'Modal']);
    expect(subtreeOf(tree, 5)).toEqual([]);
    expect(subtreeOf(tree, 42)).toBeNull();
  });
});
