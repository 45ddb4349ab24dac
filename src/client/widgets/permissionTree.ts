/**
 * The permission tree behind PermissionTreeInput (spec 3: permission has a code, a type menu or button and a
 * parent; spec 6: menu routes are filtered by role recursively, so a granted code is only reachable when
 * its ancestors are granted too).
 *
 * Pure functions, no React:
 * - `buildPermissionTree(records)`: nodes linked by `parentCode` (roots have none). A parent code that is
 *   unknown, the node's own code, or part of a cycle makes the node a root, so every record shows once.
 * - `checkState(node, checked)`: a leaf is checked when its code is in the value; a group is checked when it
 *   and all its descendants are, indeterminate when some of them are.
 * - `toggleNode(node, value)`: checking adds the node, all its descendants and its ancestors; unchecking
 *   removes the node and its descendants, then every ancestor left without a checked descendant. Codes of
 *   the value that are not in the tree are kept as they are.
 * - `filterTree(roots, match)`: the matching nodes with their ancestors (and a matching group's subtree).
 */

export const PERMISSION_MENU = 1;
export const PERMISSION_BUTTON = 2;

export interface PermissionRecord {
  id: number | string;
  code: string;
  name?: string | null;
  nameZh?: string | null;
  type?: number | null;
  parentCode?: string | null;
}

export interface PermissionNode {
  record: PermissionRecord;
  code: string;
  parent?: PermissionNode;
  children: PermissionNode[];
}

export interface PermissionTree {
  roots: PermissionNode[];
  byCode: Map<string, PermissionNode>;
}

export function buildPermissionTree(records: readonly PermissionRecord[]): PermissionTree {
  const byCode = new Map<string, PermissionNode>();
  for (const record of records) {
    if (!record || typeof record.code !== 'string' || record.code === '' || byCode.has(record.code)) continue;
    byCode.set(record.code, { record, code: record.code, children: [] });
  }
  /** True when walking up from `code` reaches a root without meeting a code twice. */
  const reachesRoot = (code: string): boolean => {
    const seen = new Set<string>();
    let current: string | null | undefined = code;
    while (current) {
      if (seen.has(current)) return false;
      seen.add(current);
      const parentCode: string | null | undefined = byCode.get(current)?.record.parentCode;
      if (!parentCode || !byCode.has(parentCode)) return true;
      current = parentCode;
    }
    return true;
  };
  const roots: PermissionNode[] = [];
  for (const node of byCode.values()) {
    const parentCode = node.record.parentCode;
    const parent = parentCode ? byCode.get(parentCode) : undefined;
    if (parent && parent !== node && reachesRoot(node.code)) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  return { roots, byCode };
}

/** The node's descendants, depth first. */
export function descendants(node: PermissionNode): PermissionNode[] {
  const out: PermissionNode[] = [];
  const walk = (n: PermissionNode) => {
    for (const child of n.children) {
      out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

export function ancestors(node: PermissionNode): PermissionNode[] {
  const out: PermissionNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

export interface CheckState {
  checked: boolean;
  indeterminate: boolean;
}

export function checkState(node: PermissionNode, checked: ReadonlySet<string>): CheckState {
  const self = checked.has(node.code);
  if (node.children.length === 0) return { checked: self, indeterminate: false };
  const below = descendants(node);
  const count = below.filter((n) => checked.has(n.code)).length;
  const all = self && count === below.length;
  return { checked: all, indeterminate: !all && (self || count > 0) };
}

/**
 * The value after a click on `node` (see the module doc). The order of kept codes is preserved. Codes for
 * which `grantable` is false (codes the editor does not hold, issue 26) are neither added nor removed.
 */
export function toggleNode(node: PermissionNode, value: readonly string[], grantable: (code: string) => boolean = () => true): string[] {
  const set = new Set(value);
  const subtree = [node, ...descendants(node)];
  if (checkState(node, set).checked) {
    for (const n of subtree) if (grantable(n.code)) set.delete(n.code);
    for (const a of ancestors(node)) {
      if (grantable(a.code) && !descendants(a).some((n) => set.has(n.code))) set.delete(a.code);
    }
  } else {
    for (const n of [...ancestors(node).reverse(), ...subtree]) if (grantable(n.code)) set.add(n.code);
  }
  const out = value.filter((code, i) => set.has(code) && value.indexOf(code) === i);
  const kept = new Set(out);
  for (const code of set) if (!kept.has(code)) out.push(code);
  return out;
}

/**
 * The nodes to show for a filter: a node matching `match` is shown with all of its subtree; a node with a
 * shown descendant is shown with those descendants only. Returns the shown codes and the groups to open.
 */
export function filterTree(
  roots: readonly PermissionNode[],
  match: (node: PermissionNode) => boolean,
): { visible: Set<string>; open: Set<string> } {
  const visible = new Set<string>();
  const open = new Set<string>();
  const showAll = (node: PermissionNode) => {
    visible.add(node.code);
    node.children.forEach(showAll);
  };
  const walk = (node: PermissionNode): boolean => {
    if (match(node)) {
      showAll(node);
      return true;
    }
    let any = false;
    for (const child of node.children) any = walk(child) || any;
    if (any) {
      visible.add(node.code);
      open.add(node.code);
    }
    return any;
  };
  roots.forEach(walk);
  return { visible, open };
}

/** Codes of every node that has children (for expand all). */
export function groupCodes(roots: readonly PermissionNode[]): string[] {
  const out: string[] = [];
  const walk = (n: PermissionNode) => {
    if (n.children.length > 0) out.push(n.code);
    n.children.forEach(walk);
  };
  roots.forEach(walk);
  return out;
}
