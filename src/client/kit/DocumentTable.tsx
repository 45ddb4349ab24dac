/**
 * The table frame of the wide lists (documents, SKUs, inventory): react-admin's Datagrid without row clicks
 * or react-admin's bulk toolbar, rows with the test id `${testId}-row`, cells one line high (long texts cut with an ellipsis), and the
 * `operations` column (a column with `source="operations"`) kept in sight on the right while the table
 * scrolls sideways, so a row's actions are on screen at 1280 px and up without scrolling:
 * - the table's own wrapper (`RaDatagrid-tableWrapper`) is the horizontal scroll container, so the sticky
 *   cells stick to its right edge (the list around it must not grow with the table: `WIDE_LIST_SX`);
 * - header and body cells of the column are both sticky, so the header stays over its cells; the header
 *   cell sits above the other (vertically sticky) header cells, which would otherwise cover it.
 * `DocumentRowActionsBox` is the operations cell's frame.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Datagrid, DatagridBody, DatagridRow, type DatagridProps, type FieldProps } from 'react-admin';
import { classOf, testIdOf, type DocumentNames } from './names';

/** The props a Datagrid column reads from its cell (label, sorting, alignment) plus the column's source. */
export type CellProps = Pick<FieldProps, 'label' | 'sortable' | 'sortBy' | 'textAlign'> & { source?: string };

/** The `sx` of a list (react-admin <List>) holding a DocumentTable: the list keeps the page's width and the table scrolls inside. */
export const WIDE_LIST_SX = { contain: 'inline-size', '& .RaList-main': { minWidth: 0 } } as const;

/** The header cells of react-admin's Datagrid are sticky at z-index 2 (useDatagridStyles). */
const HEADER_Z = 2;

/** The size in px a list draws a picture's 60x60 thumbnail (spec 9): a row stays about one line of text high. */
export const LIST_THUMB = 40;

/** The widest a data cell grows before its text is cut with an ellipsis (the full text is in the view dialog / title). */
const CELL_MAX_WIDTH = 320;

const TABLE_SX = {
  '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  // one line of text a row (issue 27 item 3): long texts end in an ellipsis instead of wrapping
  '& .RaDatagrid-rowCell': { verticalAlign: 'middle', whiteSpace: 'nowrap', maxWidth: CELL_MAX_WIDTH, overflow: 'hidden', textOverflow: 'ellipsis', py: 0.5 },
  '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' },
  // the actions column keeps its own width and background, so it sits beside the data rather than over it
  '& .column-operations': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    bgcolor: 'background.paper',
    boxShadow: (theme: { palette: { divider: string } }) => `-1px 0 0 ${theme.palette.divider}`,
    maxWidth: 'none',
    overflow: 'visible',
  },
  '& .RaDatagrid-headerCell.column-operations': { zIndex: HEADER_Z + 1 },
} as const;

export interface DocumentTableProps {
  names: DocumentNames;
  children: ReactNode;
  /** Row checkboxes; the selection feeds the screen's own top buttons (react-admin's bulk toolbar would cover them). */
  selectable?: boolean;
  /** Replaces the list's sort setter (e.g. a sort whose third click clears it). */
  setSort?: DatagridProps['setSort'];
}

export const DocumentTable = ({ names, children, selectable = false, setSort }: DocumentTableProps) => {
  const body = useMemo(() => <DatagridBody row={<DatagridRow data-testid={testIdOf(names, 'row')} />} />, [names]);
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={selectable ? <></> : false}
      bulkActionsToolbar={false}
      setSort={setSort}
      body={body}
      className={classOf(names, 'table')}
      data-testid={testIdOf(names, 'table')}
      sx={TABLE_SX}
    >
      {children}
    </Datagrid>
  );
};

const stop = (event: MouseEvent) => event.stopPropagation();

/** The frame of a row's actions: one line, `width` px wide (the column's fixed width); clicks stay out of the row. */
export const DocumentRowActionsBox = ({ names, width, children }: { names: DocumentNames; width: number; children: ReactNode }) => (
  <Box onClick={stop} sx={{ display: 'flex', flexWrap: 'nowrap', alignItems: 'center', gap: 0.25, width, '& .MuiButton-root': { minWidth: 0, px: 0.75, whiteSpace: 'nowrap' } }} className={classOf(names, 'row-actions')}>
    {children}
  </Box>
);
