/**
 * The inbound order lists (issue 5; spec 2.3): /inbound/normal_list (type 1, the resource's menu route),
 * /inbound/return_list (type 2) and /inbound/reject_list (type 3), on react-admin's <List> for resource
 * 'inboundOrder' (`POST /sapi/wms/inbound-order/page`) with the type as a permanent filter.
 *
 * - Filter bar (InboundFilterBar); top button Add (inbound:edit) opens the create dialog of the list's type.
 * - Columns: row number, order number (sortable), status tag, company, warehouse, owner, store order number,
 *   waybill (customer returns: source outbound number and return waybill number too), planned arrival
 *   (sortable), planned / received totals, completion time, problem reason, created (sortable), operations.
 * - Row actions (InboundRowActions): view; edit, delete while created; the workflow's actions.
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, DatagridBody, DatagridRow, List, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '../../widgets/DateTimeField';
import { ListPagination } from '../../widgets/ListPagination';
import { Permitted } from '../../widgets/Permitted';
import { CODE_INBOUND_EDIT, INBOUND_PAGE_SIZE, INBOUND_RESOURCE, InboundOrderType, kindOf } from './constants';
import { QtyCell, RowNumberCell, StatusCell } from './fields';
import { InboundFilterBar } from './InboundFilterBar';
import { InboundEditDialog } from './InboundEditDialog';
import { InboundListUiProvider, useInboundListUi } from './InboundListUi';
import { InboundRowActions } from './InboundRowActions';
import { InboundProblemDialog, InboundViewDialog } from './InboundSmallDialogs';

const NO_SORT = { field: '', order: 'ASC' as const };

const InboundDialogs = () => {
  const ui = useInboundListUi();
  const { dialog } = ui;
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'edit':
      return <InboundEditDialog type={ui.type} id={dialog.id} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
    case 'view':
      return <InboundViewDialog record={dialog.record} onClose={ui.close} />;
    case 'problem':
      return <InboundProblemDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
    default:
      return null;
  }
};

const TopButtons = () => {
  const translate = useTranslate();
  const ui = useInboundListUi();
  return (
    <Box data-testid="inbound-top-buttons" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, py: 1.5 }}>
      <Permitted codes={CODE_INBOUND_EDIT}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => ui.open({ kind: 'edit' })} data-testid="inbound-add">
          {translate('app.inbound.action.add')}
        </Button>
      </Permitted>
    </Box>
  );
};

const rowBody = <DatagridBody row={<DatagridRow data-testid="inbound-row" />} />;

const InboundTable = ({ type }: { type: number }) => {
  const isReturn = type === InboundOrderType.RETURN;
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={false}
      body={rowBody}
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
      <RowNumberCell label="app.inbound.column.row_number" />
      <TextField source="orderNo" label="app.inbound.column.order_no" />
      <StatusCell source="status" label="app.inbound.column.status" />
      <TextField source="companyName" label="app.inbound.column.company" sortable={false} />
      <TextField source="warehouseName" label="app.inbound.column.warehouse" sortable={false} />
      <TextField source="ownerName" label="app.inbound.column.owner" sortable={false} />
      <TextField source="storeOrderNo" label="app.inbound.column.store_order_no" sortable={false} />
      {isReturn ? <TextField source="sourceOutboundNo" label="app.inbound.column.source_outbound_no" sortable={false} /> : null}
      <TextField source="waybillNo" label="app.inbound.column.waybill_no" sortable={false} />
      {isReturn ? <TextField source="returnWaybillNo" label="app.inbound.column.return_waybill_no" sortable={false} /> : null}
      <DateTimeField source="plannedArrivalTime" label="app.inbound.column.planned_arrival" />
      <QtyCell source="qty" label="app.inbound.column.qty" />
      <DateTimeField source="completionTime" label="app.inbound.column.completion_time" sortable={false} />
      <TextField source="problemReason" label="app.inbound.column.problem_reason" sortable={false} />
      <DateTimeField source="addDate" label="app.inbound.column.add_date" />
      <InboundRowActions source="operations" sortable={false} label="app.inbound.column.operations" />
    </Datagrid>
  );
};

export interface InboundListProps {
  /** InboundOrderType of the route (1 normal, 2 customer return, 3 rejected delivery). */
  type: number;
  /** Store key of the list parameters (false: none; default one per type). */
  storeKey?: string | false;
}

export const InboundList = ({ type, storeKey }: InboundListProps) => {
  const kind = kindOf(type);
  return (
    <List
      key={type}
      resource={INBOUND_RESOURCE}
      title={`app.inbound.title.${kind.key}`}
      actions={false}
      filter={{ type }}
      sort={NO_SORT}
      perPage={INBOUND_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      disableSyncWithLocation={storeKey === false}
      storeKey={storeKey ?? `inboundOrder.${kind.key}.list`}
      sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
    >
      <InboundListUiProvider type={type}>
        <InboundFilterBar type={type} />
        <TopButtons />
        <InboundTable type={type} />
        <InboundDialogs />
      </InboundListUiProvider>
    </List>
  );
};

export const InboundNormalList = () => <InboundList type={InboundOrderType.NORMAL} />;
export const InboundReturnList = () => <InboundList type={InboundOrderType.RETURN} />;
export const InboundRejectList = () => <InboundList type={InboundOrderType.REJECT} />;
