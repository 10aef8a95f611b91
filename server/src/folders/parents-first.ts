/**
 * Folders ordered so that every parent comes before its subfolders, breadth-first from the tops,
 * in time linear in their number. A folder whose parent is not among them is a top; a loop (which
 * a corrupt tree or an edited export may hold) is entered at its first folder.
 */
export function parentsFirst<T, K>(
  folders: readonly T[],
  keyOf: (folder: T) => K,
  parentOf: (folder: T) => K | null,
): T[] {
  const keys = new Set(folders.map(keyOf));
  const children = new Map<K, T[]>();
  for (const folder of folders) {
    const parent = parentOf(folder);
    if (parent === null || !keys.has(parent)) continue;
    const siblings = children.get(parent);
    if (siblings) siblings.push(folder);
    else children.set(parent, [folder]);
  }
  const order: T[] = [];
  const placed = new Set<K>();
  const placeFrom = (top: T) => {
    if (placed.has(keyOf(top))) return;
    placed.add(keyOf(top));
    order.push(top);
    // The order doubles as the breadth-first queue.
    for (let next = order.length - 1; next < order.length; next += 1) {
      const current = order[next];
      if (current === undefined) break;
      for (const child of children.get(keyOf(current)) ?? []) {
        if (placed.has(keyOf(child))) continue;
        placed.add(keyOf(child));
        order.push(child);
      }
    }
  };
  for (const folder of folders) {
    const parent = parentOf(folder);
    if (parent === null || !keys.has(parent)) placeFrom(folder);
  }
  for (const folder of folders) placeFrom(folder);
  return order;
}
