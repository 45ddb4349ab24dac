/**
 * The inventory adjustment list (issue 4; route /sku/inventory_judgement_list, menu code
 * inventory_judgement:list) on react-admin's <List> for resource 'inventoryJudgement'
 * (`POST /sapi/wms/inventory-judgement/page`).
 *
 * - Filter bar: adjustment number, warehouse, goods owner, status, created-date range; Search / Enter start
 *   again at page 1.
 * - Top button Add (inventory_judgement:add) opens the create dialog.
 * - Columns: row number, adjustment number (sortable), company, warehouse, owner, status tag, line count with
 *   `+gain / -loss`, remark, reviewed by, reviewed at, rejection reason, created (sortable), operations.
 * - Row actions (JudgementRowActions): view; edit, delete (pending, inventory_judgement:add); approve, reject
 *   (pending, inventory_judgement:approve).
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, DatagridBody, DatagridRow, List, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '../../widgets/DateTimeField';
import { ListPagination } from '../../widgets/ListPagination';
import { Permitted } from '../../widgets/Permitted';
import { CODE_JUDGEMENT_ADD, JUDGEMENT_PAGE_SIZE, JUDGEMENT_RESOURCE } from './constants';
import { LinesCell, RowNumberCell, StatusCell } from './fields';
import { JudgementFilterBar } from './JudgementFilterBar';
import { JudgementEditDialog } from './JudgementEditDialog';
import { JudgementListUiProvider, useJudgementListUi } from './JudgementListUi';
import { JudgementRejectDialog } from './JudgementRejectDialog';
import { JudgementRowActions } from './JudgementRowActions';
import { JudgementViewDialog } from './JudgementViewDialog';

/** No sort by default: the server's order (newest first); a cleared sort sends no sortProp / sortOrder. */
const NO_SORT = { field: '', order: 'ASC' as const };

const JudgementDialogs = () => {
  const ui = useJudgementListUi();
  const { dialog } = ui;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'edit':
      return <JudgementEditDialog id={dialog.id} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
    case 'view':
      return <JudgementViewDialog record={dialog.record} onClose={ui.close} />;
    case 'reject':
      return <JudgementRejectDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
    default:
      return null;
  }
};

const JudgementTopButtons = () => {
  const translate = useTranslate();
  const ui = useJudgementListUi();
  return (
    <Box className="wms-judgement-top-buttons" data-testid="judgement-top-buttons" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      <Permitted codes={CODE_JUDGEMENT_ADD}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => ui.open({ kind: 'edit' })} data-testid="judgement-add">
          {translate('app.judgement.action.add')}
        </Button>
      </Permitted>
    </Box>
  );
};

const rowBody = <DatagridBody row={<DatagridRow data-testid="judgement-row" />} />;

const JudgementTable = () => (
  <Datagrid
    rowClick={false}
    bulkActionButtons={false}
    body={rowBody}
    className="wms-judgement-table"
    sx={{
      '& .RaDatagrid-rowCell': { verticalAlign: 'top' },
      // the operations stay in sight while the wide table scrolls (a fixed right column)
      '& .column-operations': {
        position: 'sticky',
        right: 0,
        zIndex: 1,
        bgcolor: 'background.paper',
        boxShadow: (theme) => `-1px 0 0 ${theme.palette.divider}`,
      },
    }}
  >
    <RowNumberCell label="app.judgement.column.row_number" />
    <TextField source="judgementNo" label="app.judgement.column.judgement_no" />
    <TextField source="companyName" label="app.judgement.column.company" sortable={false} />
    <TextField source="warehouseName" label="app.judgement.column.warehouse" sortable={false} />
    <TextField source="ownerName" label="app.judgement.column.owner" sortable={false} />
    <StatusCell label="app.judgement.column.status" />
    <LinesCell label="app.judgement.column.lines" />
    <TextField source="remark" label="app.judgement.column.remark" sortable={false} />
    <TextField source="auditUserName" label="app.judgement.column.audit_user" sortable={false} />
    <DateTimeField source="auditDate" label="app.judgement.column.audit_date" sortable={false} />
    <TextField source="rejectReason" label="app.judgement.column.reject_reason" sortable={false} />
    <DateTimeField source="addDate" label="app.judgement.column.add_date" />
    <JudgementRowActions source="operations" sortable={false} label="app.judgement.column.operations" />
  </Datagrid>
);

export interface JudgementListProps {
  /** Store key of the list parameters (false: none). */
  storeKey?: string | false;
}

export const JudgementList = ({ storeKey = 'inventoryJudgement.list' }: JudgementListProps) => (
  <List
    resource={JUDGEMENT_RESOURCE}
    title="app.judgement.title"
    actions={false}
    sort={NO_SORT}
    perPage={JUDGEMENT_PAGE_SIZE}
    pagination={<ListPagination />}
    exporter={false}
    empty={false}
    storeKey={storeKey}
    className="wms-judgement-list"
    sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
  >
    <JudgementListUiProvider>
      <JudgementFilterBar />
      <JudgementTopButtons />
      <JudgementTable />
      <JudgementDialogs />
    </JudgementListUiProvider>
  </List>
);
