/**
 * The export body of the inventory list (spec 2.6, 7.2; its filters are the manifest's, `inventory.screen`):
 * the list's whole current query without paging (permanent + form filter, and the sort when there is one).
 */
export function exportFilter(
  filterValues: Record<string, unknown>,
  permanent: Record<string, unknown>,
  sort?: { field?: string; order?: string },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...filterValues, ...permanent };
  if (sort?.field) {
    out.sortProp = sort.field;
    out.sortOrder = String(sort.order ?? 'ASC').toLowerCase() === 'desc' ? 'desc' : 'asc';
  }
  return out;
}
