/**
 * The table of a document list: react-admin's Datagrid without row clicks or bulk actions, rows with the
 * test id `${testId}-row`, cells aligned to the top, and the `operations` column kept in sight on the right
 * while the wide table scrolls (a sticky column). `DocumentRowActionsBox` is the operations cell's frame.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Datagrid, DatagridBody, DatagridRow, type FieldProps } from 'react-admin';
import { classOf, testIdOf, type DocumentNames } from './names';

/** The props a Datagrid column reads from its cell (label, sorting, alignment) plus the column's source. */
export type CellProps = Pick<FieldProps, 'label' | 'sortable' | 'sortBy' | 'textAlign'> & { source?: string };

export const DocumentTable = ({ names, children }: { names: DocumentNames; children: ReactNode }) => {
  const body = useMemo(() => <DatagridBody row={<DatagridRow data-testid={testIdOf(names, 'row')} />} />, [names]);
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={false}
      body={body}
      className={classOf(names, 'table')}
      sx={{
        '& .RaDatagrid-rowCell': { verticalAlign: 'top' },
        '& .column-operations': {
          position: 'sticky',
          right: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          boxShadow: (theme) => `-1px 0 0 ${theme.palette.divider}`,
        },
      }}
    >
      {children}
    </Datagrid>
  );
};

const stop = (event: MouseEvent) => event.stopPropagation();

/** The frame of a row's action buttons: wraps them in `width` px; clicks stay out of the row. */
export const DocumentRowActionsBox = ({ names, width, children }: { names: DocumentNames; width: number; children: ReactNode }) => (
  <Box onClick={stop} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, width, '& .MuiButton-root': { minWidth: 0, px: 0.75 } }} className={classOf(names, 'row-actions')}>
    {children}
  </Box>
);
