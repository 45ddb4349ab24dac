/**
 * ListPagination: list pager with the page sizes 10, 20, 30, 50, 100, 500 (spec 9; layout total, sizes,
 * prev/next), hidden when the total is 0 (spec 2.6).
 */
import { Pagination, useListPaginationContext, type PaginationProps } from 'react-admin';

export const PAGE_SIZES = [10, 20, 30, 50, 100, 500];

export const ListPagination = (props: Omit<PaginationProps, 'rowsPerPageOptions'>) => {
  const { total } = useListPaginationContext();
  if (total === 0) return null;
  return <Pagination rowsPerPageOptions={PAGE_SIZES} {...props} />;
};
