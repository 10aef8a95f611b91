import {
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  DndContext,
  DragOverlay,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  type UniqueIdentifier,
  useDndContext,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Folder } from '@gatefold/contract/folders';
import { Eye, GripVertical, Pencil, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '../../components/Button';
import { ExpandToggle } from '../../components/ExpandToggle';
import { FolderKindIcon } from '../../components/FolderKindIcon';
import { type FolderNode, folderRowKey, visibleRows } from '../../components/folder-tree';
import {
  canDrop,
  type DropTarget,
  dropPositionAt,
  type ReorderItem,
  reorderForDrop,
} from './folder-reorder';
import { VirtualFolderList } from './VirtualFolderList';

/** SPEC §9: each level of the tree is indented this much. */
export const TREE_INDENT_PX = 14;
/** SPEC §9: the drop animation. */
export const DRAG_ANIMATION_MS = 150;
/** SPEC §9: how close to an empty folder's drop zone still counts as over it. */
export const EMPTY_INSERT_THRESHOLD_PX = 20;
/** Each arrow key press moves a dragged folder this far: about a third of a row. */
const KEYBOARD_STEP_PX = 16;

interface FolderTreeProps {
  nodes: readonly FolderNode[];
  /** The tree's accessible name. */
  label: string;
  /** Hides drag handles, Edit and Delete (SPEC §2). */
  readOnly?: boolean;
  onEdit?: (folder: Folder) => void;
  onDelete?: (folder: Folder) => void;
  /** After a drop: the whole tree's new positions, and the tree as it now looks. */
  onReorder?: (items: ReorderItem[], tree: FolderNode[]) => void;
}

const emptyZoneId = (folderId: number) => `empty-${folderId}`;

/** The folder a droppable stands for: rows use the folder id, empty zones `empty-{id}`. */
function folderIdOf(id: UniqueIdentifier): number {
  return typeof id === 'number' ? id : Number(id.slice('empty-'.length));
}

function centerOf(rect: ClientRect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** The row (or empty folder's zone) a drag is over, where it is, and the point that chose it. */
type Chosen = { id: UniqueIdentifier; rect: ClientRect; point: { x: number; y: number } };

/**
 * Over whichever row or empty folder's zone holds the point (the pointer for a mouse or touch,
 * the middle of the moved row for the keyboard); failing that, an empty folder's zone within the
 * empty-insert threshold of it. What it chose goes to `chosen`: the drop is judged by the row,
 * its rect and the point of this very detection, where dnd-kit's `over` trails it by a render and
 * its delta counts the page's scrolling since the drag began.
 */
function rowUnderPoint(chosen: { current: Chosen | null }): CollisionDetection {
  return ({ droppableContainers, droppableRects, pointerCoordinates, collisionRect }) => {
    const point = pointerCoordinates ?? centerOf(collisionRect);
    const within = (margin: (id: UniqueIdentifier) => number) =>
      droppableContainers
        .filter((container) => {
          const rect = droppableRects.get(container.id);
          if (rect === undefined) return false;
          const extra = margin(container.id);
          return point.y >= rect.top - extra && point.y <= rect.bottom + extra;
        })
        .map((container) => ({ id: container.id }));
    const exact = within(() => 0);
    const hits =
      exact.length > 0
        ? exact
        : within((id) => (typeof id === 'string' ? EMPTY_INSERT_THRESHOLD_PX : 0));
    const first = hits[0];
    const rect = first && droppableRects.get(first.id);
    chosen.current = first && rect ? { id: first.id, rect, point } : null;
    return hits;
  };
}

/** Arrow keys move the dragged folder up or down a third of a row at a time. */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === 'ArrowDown') {
    event.preventDefault();
    return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
  }
  if (event.code === 'ArrowUp') {
    event.preventDefault();
    return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
  }
  return undefined;
};

function findFolder(nodes: readonly FolderNode[], folderId: number): Folder | undefined {
  for (const node of nodes) {
    if (node.folder.id === folderId) return node.folder;
    const found = findFolder(node.children, folderId);
    if (found) return found;
  }
  return undefined;
}

function describeTarget(
  nodes: readonly FolderNode[],
  target: DropTarget | null,
  tense: 'will be' | 'was',
) {
  const name = target ? findFolder(nodes, target.folderId)?.name : undefined;
  if (target === null || name === undefined) return 'not over a folder it can go to';
  return `${tense} placed ${target.position} ${name}`;
}

/**
 * SPEC §2 and §4's folder tree: folders start collapsed; a folder is dragged by its handle (mouse,
 * touch or keyboard) before or after another folder, or into any folder at any depth.
 */
export function FolderTree({
  nodes,
  label,
  readOnly = false,
  onEdit,
  onDelete,
  onReorder,
}: FolderTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [activeId, setActiveId] = useState<number | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  const targetRef = useRef<DropTarget | null>(null);
  const announcedRef = useRef('');
  // What the last collision detection chose (rowUnderPoint).
  const chosenRef = useRef<Chosen | null>(null);
  const collisionDetection = useMemo(() => rowUnderPoint(chosenRef), []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const toggle = (folderId: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(folderId)) next.add(folderId);
      return next;
    });

  const nameOf = (id: UniqueIdentifier) => findFolder(nodes, folderIdOf(id))?.name ?? 'The folder';

  /** Where the folder would land now: by the row the last collision detection chose. */
  const currentTarget = () => {
    const chosen = chosenRef.current;
    if (chosen === null || activeId === null) return null;
    const { id, rect, point } = chosen;
    const position =
      typeof id === 'string' ? 'inside' : dropPositionAt(point.y, rect.top, rect.height);
    const candidate: DropTarget = { folderId: folderIdOf(id), position };
    return canDrop(nodes, activeId, candidate) ? candidate : null;
  };

  const updateTarget = (next: DropTarget | null) => {
    targetRef.current = next;
    setTarget((current) =>
      current?.folderId === next?.folderId && current?.position === next?.position ? current : next,
    );
  };

  // The target stays in the ref: the end announcement, made after the handler, reads it.
  const finish = () => {
    chosenRef.current = null;
    setActiveId(null);
    setTarget(null);
    announcedRef.current = '';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Use the up and down arrow keys to move it before, into or after another folder.`,
    onDragMove: ({ active }) => {
      const text = `${nameOf(active.id)} ${describeTarget(nodes, targetRef.current, 'will be')}.`;
      if (text === announcedRef.current) return undefined;
      announcedRef.current = text;
      return text;
    },
    onDragOver: () => undefined,
    onDragEnd: ({ active }) =>
      targetRef.current === null
        ? `${nameOf(active.id)} was dropped where it was.`
        : `${nameOf(active.id)} ${describeTarget(nodes, targetRef.current, 'was')}.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const rows = useMemo(
    () => visibleRows(nodes, (folderId) => expanded.has(folderId), { emptyZones: true }),
    [nodes, expanded],
  );

  const list = (
    <VirtualFolderList
      rows={rows}
      label={label}
      draggedKey={activeId === null ? null : folderRowKey(activeId)}
      renderRow={(row) =>
        row.kind === 'folder' ? (
          <FolderTreeItem
            node={row.node}
            expanded={row.expanded}
            onToggle={toggle}
            readOnly={readOnly}
            onEdit={onEdit}
            onDelete={onDelete}
            target={target}
            activeId={activeId}
          />
        ) : (
          <EmptyFolderZone
            folder={row.node.folder}
            depth={row.node.depth}
            readOnly={readOnly}
            highlighted={target?.folderId === row.node.folder.id && target.position === 'inside'}
          />
        )
      }
    />
  );
  if (readOnly) return list;

  const activeFolder = activeId === null ? undefined : findFolder(nodes, activeId);
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Rows mount and unmount as the page scrolls during a drag: measure the new ones too.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a folder, press space or enter on its handle. Use the up and down arrow keys to place it before, into or after another folder, then press space or enter to drop it, or escape to cancel.',
        },
      }}
      onDragStart={({ active }) => {
        setActiveId(folderIdOf(active.id));
        updateTarget(null);
      }}
      onDragMove={() => updateTarget(currentTarget())}
      onDragOver={() => updateTarget(currentTarget())}
      onDragEnd={() => {
        const dropped = currentTarget();
        const movedId = activeId;
        targetRef.current = dropped;
        finish();
        if (dropped === null || movedId === null) return;
        const result = reorderForDrop(nodes, movedId, dropped);
        if (result === null) return;
        if (dropped.position === 'inside') {
          setExpanded((current) => new Set(current).add(dropped.folderId));
        }
        onReorder?.(result.items, result.tree);
      }}
      onDragCancel={finish}
    >
      {list}
      <DragOverlay dropAnimation={{ duration: DRAG_ANIMATION_MS }}>
        {activeFolder && (
          <div
            data-folder-drag-overlay=""
            className="flex size-full items-center gap-2 rounded-xl border border-indigo-300 bg-white px-3 py-2 text-sm font-semibold text-gray-900 shadow-lg dark:border-indigo-700 dark:bg-gray-900 dark:text-gray-100"
          >
            <GripVertical aria-hidden="true" className="size-4" />
            <FolderKindIcon folder={activeFolder} className="size-4" />
            {activeFolder.name}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  );
}

interface FolderTreeItemProps {
  node: FolderNode;
  expanded: boolean;
  onToggle: (folderId: number) => void;
  readOnly: boolean;
  onEdit?: (folder: Folder) => void;
  onDelete?: (folder: Folder) => void;
  target: DropTarget | null;
  activeId: number | null;
}

function FolderTreeItem({
  node,
  expanded,
  onToggle,
  readOnly,
  onEdit,
  onDelete,
  target,
  activeId,
}: FolderTreeItemProps) {
  const { folder, depth } = node;
  const dragging = activeId === folder.id;
  const targeted = target?.folderId === folder.id ? target.position : null;
  const count = folder.album_count;

  return (
    <FolderRow
      folder={folder}
      depth={depth}
      readOnly={readOnly}
      dragging={dragging}
      targeted={targeted}
    >
      {(handle) => (
        <div
          className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
          style={{ paddingLeft: depth * TREE_INDENT_PX }}
        >
          {handle}
          <ExpandToggle
            name={folder.name}
            expanded={expanded}
            onToggle={() => onToggle(folder.id)}
          />
          <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
            {folder.image_url ? (
              <img src={folder.image_url} alt="" className="size-full object-cover" />
            ) : (
              <FolderKindIcon folder={folder} className="size-5" />
            )}
          </span>
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium text-gray-900 dark:text-gray-100">
              {folder.name}
            </span>
            <span className="block text-xs text-gray-600 dark:text-gray-400">
              {count} {count === 1 ? 'album' : 'albums'}
            </span>
          </span>
          <span className="flex shrink-0 items-center gap-1">
            <Link
              to={`/folders/${folder.id}`}
              aria-label={`View ${folder.name}`}
              className={buttonStyles('ghost', 'sm')}
            >
              <Eye aria-hidden="true" className="size-4" />
              View
            </Link>
            {!readOnly && (
              <>
                <button
                  type="button"
                  onClick={() => onEdit?.(folder)}
                  aria-label={`Edit ${folder.name}`}
                  className={buttonStyles('ghost', 'sm')}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit
                </button>
                <button
                  type="button"
                  onClick={() => onDelete?.(folder)}
                  aria-label={`Delete ${folder.name}`}
                  className={`${buttonStyles('ghost', 'sm')} text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Delete
                </button>
              </>
            )}
          </span>
        </div>
      )}
    </FolderRow>
  );
}

interface FolderRowProps {
  folder: Folder;
  /** The folder's level in the tree, 0 at the top (the rows themselves are one flat list). */
  depth: number;
  readOnly: boolean;
  dragging: boolean;
  targeted: DropTarget['position'] | null;
  children: (handle: ReactNode) => ReactNode;
}

const rowClass =
  'relative flex items-center rounded-xl border bg-white px-2 py-1.5 dark:bg-gray-900';

function targetClass(targeted: FolderRowProps['targeted']) {
  if (targeted === 'inside') return 'border-indigo-500 ring-2 ring-indigo-400';
  return 'border-gray-200 dark:border-gray-800';
}

/** One folder's row; in the editable tree it is also a drop target and its handle drags it. */
function FolderRow({ folder, depth, readOnly, dragging, targeted, children }: FolderRowProps) {
  if (readOnly) {
    return (
      <div data-depth={depth} className={`${rowClass} ${targetClass(null)}`}>
        {children(null)}
      </div>
    );
  }
  return (
    <DraggableRow folder={folder} depth={depth} dragging={dragging} targeted={targeted}>
      {children}
    </DraggableRow>
  );
}

function DraggableRow({
  folder,
  depth,
  dragging,
  targeted,
  children,
}: Omit<FolderRowProps, 'readOnly'>) {
  const { active } = useDndContext();
  const draggable = useDraggable({ id: folder.id });
  const droppable = useDroppable({ id: folder.id, disabled: active?.id === folder.id });
  const handle = (
    <button
      type="button"
      ref={draggable.setActivatorNodeRef}
      {...draggable.attributes}
      {...draggable.listeners}
      aria-label={`Drag ${folder.name}`}
      className="cursor-grab touch-none rounded p-1 text-gray-600 hover:bg-gray-100 active:cursor-grabbing dark:text-gray-400 dark:hover:bg-gray-800"
    >
      <GripVertical aria-hidden="true" className="size-4" />
    </button>
  );
  return (
    <div
      ref={(element) => {
        draggable.setNodeRef(element);
        droppable.setNodeRef(element);
      }}
      data-folder-row=""
      data-depth={depth}
      data-drop-position={targeted ?? undefined}
      className={`${rowClass} ${targetClass(targeted)} ${dragging ? 'opacity-50' : ''}`}
    >
      {targeted === 'before' && <DropLine edge="top" />}
      {children(handle)}
      {targeted === 'after' && <DropLine edge="bottom" />}
    </div>
  );
}

function DropLine({ edge }: { edge: 'top' | 'bottom' }) {
  return (
    <span
      aria-hidden="true"
      className={`absolute right-2 left-2 h-0.5 rounded bg-indigo-500 ${edge === 'top' ? '-top-1' : '-bottom-1'}`}
    />
  );
}

function EmptyFolderZone({
  folder,
  depth,
  readOnly,
  highlighted,
}: {
  folder: Folder;
  depth: number;
  readOnly: boolean;
  highlighted: boolean;
}) {
  const text = `Drop folders here to nest under ${folder.name}`;
  const className = `rounded-xl border-2 border-dashed px-3 py-3 text-center text-sm text-gray-600 dark:text-gray-400 ${
    highlighted
      ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-500/15'
      : 'border-gray-300 dark:border-gray-700'
  }`;
  const indent = { marginLeft: (depth + 1) * TREE_INDENT_PX };
  if (readOnly) {
    // Nothing can be dropped in the read-only tree. Not a paragraph: a tree holds only its items.
    return (
      <div className="px-3 py-2 text-sm text-gray-600 dark:text-gray-400" style={indent}>
        No subfolders.
      </div>
    );
  }
  return <DroppableZone folderId={folder.id} className={className} style={indent} text={text} />;
}

function DroppableZone({
  folderId,
  className,
  style,
  text,
}: {
  folderId: number;
  className: string;
  style: { marginLeft: number };
  text: string;
}) {
  const droppable = useDroppable({ id: emptyZoneId(folderId) });
  return (
    <div ref={droppable.setNodeRef} className={className} style={style}>
      {text}
    </div>
  );
}
