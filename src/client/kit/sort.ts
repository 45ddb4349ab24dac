/**
 * Sorting that can be cleared (spec 2.6, 4: "Clearing the sort empties sort property and order"). A sortable
 * column header cycles ascending -> descending -> no sort; with no sort the list asks the page call without
 * sortProp and sortOrder (createDataProvider leaves both out for an empty sort field), so the server's own
 * order applies. Pass the result as the Datagrid's `setSort`.
 */
import { useCallback } from 'react';
import { useListContext, type SortPayload } from 'react-admin';
import { NO_SORT } from './DocumentList';

/** The sort after a header click that asked for `next` while `current` was in place. */
export function nextSort(current: SortPayload | undefined, next: SortPayload): SortPayload {
  if (current?.field && next.field === current.field && current.order === 'DESC' && next.order === 'ASC') return { ...NO_SORT };
  return next;
}

export function useClearableSort(): (next: SortPayload) => void {
  const { sort, setSort } = useListContext();
  return useCallback((next: SortPayload) => setSort(nextSort(sort, next)), [sort, setSort]);
}
