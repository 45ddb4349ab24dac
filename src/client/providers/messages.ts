/**
 * Deep merge of polyglot message trees (spec 1: zh and en). Later trees win on leaf conflicts;
 * nested objects are merged key by key. Inputs are not modified.
 */
export type MessageTree = Record<string, unknown>;

function isTree(value: unknown): value is MessageTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMerge(...trees: (MessageTree | undefined)[]): MessageTree {
  const out: MessageTree = {};
  for (const tree of trees) {
    if (!tree) continue;
    for (const [key, value] of Object.entries(tree)) {
      out[key] = isTree(value) && isTree(out[key]) ? deepMerge(out[key] as MessageTree, value) : isTree(value) ? deepMerge(value) : value;
    }
  }
  return out;
}
