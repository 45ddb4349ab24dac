/**
 * ListPagination: list pager with the page sizes 10, 20, 30, 50, 100, 500 (spec 9; layout total, sizes,
 * prev/next), hidden when the total is 0 (spec 2.6) or the read failed. When the server stopped counting at its cap (page answer
 * `totalCapped`, server/crud/count.ts; the data provider hands it over as the list's `meta`), the total reads
 * "10,000+" ("共 10,000+ 条"): a lower bound, said as such.
 */
import { useCallback } from 'react';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';

export const PAGE_SIZES = [10, 20, 30, 50, 100, 500];

/** The range label of a capped total, e.g. "1-10 of 10,000+" (thousands separated in both languages). */
export function cappedRangeLabel(translate: (key: string, args?: Record<string, unknown>) => string, from: number, to: number, total: number): string {
  return translate('wms.widgets.cappedRange', { offsetBegin: from, offsetEnd: to, total: total.toLocaleString('en-US') });
}

export const ListPagination = (props: Omit<PaginationProps, 'rowsPerPageOptions'>) => {
  const { total, meta, error } = useListContext();
  const translate = useTranslate();
  const capped = Boolean((meta as { totalCapped?: boolean } | undefined)?.totalCapped);
  const label = useCallback(({ from, to, count }: { from: number; to: number; count: number }) => cappedRangeLabel(translate, from, to, count), [translate]);
  // no pager beside a failed read (it showed the last page's stale "1-10 of 10"; issue 27)
  if (total === 0 || error) return null;
  return <Pagination rowsPerPageOptions={PAGE_SIZES} {...(capped ? { labelDisplayedRows: label } : {})} {...props} />;
};
