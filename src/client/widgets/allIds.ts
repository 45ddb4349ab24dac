/** The "all" marker of id lists (spec 3, 9: `[-1]` in warehouseIds / ownerIds means all). */
export const ALL_ID = -1;

/** True when an id list means "all": it holds -1. */
export function isAllIds(value: unknown): boolean {
  return Array.isArray(value) && value.some((v) => Number(v) === ALL_ID);
}
