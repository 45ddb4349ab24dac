/**
 * The pack lists (spec 2.3 /inbound/pack/list, code inbound:pack_list; /outbound/pack/list, code
 * outbound:pack_list) on react-admin's <List> for resource inboundPackage / outboundPackage
 * (`POST /sapi/wms/<kind>-package/page`).
 *
 * - Filter bar (PackageFilterBar): package number, order number, warehouse, owner, waybill, (outbound)
 *   carrier, created range.
 * - Columns: row number, package number (sortable), order number, company, warehouse, owner, waybill,
 *   (outbound) carrier, weight (kg), L × W × H (cm), contents (`SKU (batch) × qty` lines), quantity, created
 *   (sortable), operations.
 * - Operations: view (a dialog with the contents); edit (PackageDialog) and delete (after a confirmation)
 *   for holders of the kind's write code. Whether the order still allows it is the server's call: a refusal
 *   shows its message (spec 8).
 * - Paging 10/20/30/50/100/500, default 10, hidden when the total is 0 (spec 9).
 */
import { createContext, useContext, useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  List,
  NumberField,
  TextField,
  useDataProvider,
  useListContext,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ConfirmedAction } from '../../widgets/ConfirmedAction';
import { DateTimeField, formatDateTime } from '../../widgets/DateTimeField';
import { ListPagination } from '../../widgets/ListPagination';
import { usePermitted } from '../../widgets/Permitted';
import { WideDialog } from '../../widgets/WideDialog';
import { RowNumberCell } from '../inventory/cells';
import { ContentsCell, DimensionsCell, PackageContents, dimensionsText, type CellProps } from './cells';
import { PACKAGE_KINDS, PACKAGE_PAGE_SIZE, type PackageKind, type PackageKindSpec, type PackageRecord } from './constants';
import { PackageDialog } from './PackageDialog';
import { PackageFilterBar } from './PackageFilterBar';
import { packageApi } from './packageApi';

/** No sort by default: the server's order (newest first). */
const NO_SORT = { field: '', order: 'ASC' as const };

type DialogState = { mode: 'view' | 'edit'; record: PackageRecord } | null;

/** The list's kind and the opener of its dialogs, for the row actions. */
const ListCtx = createContext<{ spec: PackageKindSpec; open: (d: DialogState) => void } | null>(null);

const stop = (event: MouseEvent) => event.stopPropagation();

const PackageRowActions = (_: CellProps) => {
  const record = useRecordContext<PackageRecord>();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { page, setPage } = useListContext();
  const refresh = useRefresh();
  const ctx = useContext(ListCtx)!;
  const canWrite = usePermitted(ctx.spec.writeCode);
  if (!record) return null;
  return (
    <Box onClick={stop} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.25, width: 150, '& .MuiButton-root': { minWidth: 0, px: 0.75 } }}>
      <Button size="small" onClick={() => ctx.open({ mode: 'view', record })} data-testid="package-row-view">
        {translate('app.packages.action.view')}
      </Button>
      {canWrite ? (
        <>
          <Button size="small" onClick={() => ctx.open({ mode: 'edit', record })} data-testid="package-row-edit">
            {translate('app.packages.action.edit')}
          </Button>
          <ConfirmedAction
            label="app.packages.action.delete"
            title="app.packages.dialog.delete_title"
            content="app.packages.dialog.delete"
            translateOptions={{ no: record.packageNo ?? '' }}
            color="error"
            testId="package-row-delete"
            successMessage="app.packages.deleted"
            action={() => packageApi.remove(dataProvider, ctx.spec, record.id)}
            after={() => {
              if (page !== 1) setPage(1);
              refresh();
            }}
          />
        </>
      ) : null}
    </Box>
  );
};

/** Read-only view of one package: its fields and contents. */
const PackageViewDialog = ({ spec, record, onClose }: { spec: PackageKindSpec; record: PackageRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.${spec.resource}.fields.${name}`);
  const rows: Array<[string, unknown]> = [
    [field('packageNo'), record.packageNo],
    [field('orderNo'), record.orderNo],
    [field('companyName'), record.companyName],
    [field('warehouseName'), record.warehouseName],
    [field('ownerName'), record.ownerName],
    [field('waybillNo'), record.waybillNo],
    ...(spec.hasCarrier ? ([[field('carrier'), record.carrier]] as Array<[string, unknown]>) : []),
    [field('weight'), record.weight],
    [translate('app.packages.column.dimensions'), dimensionsText(record)],
    [field('remark'), record.remark],
    [field('addDate'), formatDateTime(record.addDate)],
    [translate('app.packages.column.qty'), record.qty],
  ];
  return (
    <WideDialog onClose={onClose} title={translate('app.packages.dialog.view', { no: record.packageNo ?? '' })} testId="package-view-dialog" width={640}>
      <Table size="small">
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell sx={{ fontWeight: 600, width: 200 }}>{label}</TableCell>
              <TableCell>{value === null || value === undefined || value === '' ? '—' : String(value)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell sx={{ fontWeight: 600, verticalAlign: 'top' }}>{translate('app.packages.column.contents')}</TableCell>
            <TableCell>
              <PackageContents lines={record.lines} testId="package-view-contents" />
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </WideDialog>
  );
};

const rowBody = <DatagridBody row={<DatagridRow data-testid="package-row" />} />;

const PackageTable = ({ spec }: { spec: PackageKindSpec }) => {
  const f = (name: string) => `resources.${spec.resource}.fields.${name}`;
  return (
    <Datagrid
      rowClick={false}
      bulkActionButtons={false}
      body={rowBody}
      className="wms-package-table"
      sx={{
        '& .RaDatagrid-rowCell': { verticalAlign: 'top' },
        '& .column-operations': { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper', boxShadow: (theme) => `-1px 0 0 ${theme.palette.divider}` },
      }}
    >
      <RowNumberCell label="app.packages.column.row_number" />
      <TextField source="packageNo" label={f('packageNo')} />
      <TextField source="orderNo" label={f('orderNo')} sortable={false} />
      <TextField source="companyName" label={f('companyName')} sortable={false} />
      <TextField source="warehouseName" label={f('warehouseName')} sortable={false} />
      <TextField source="ownerName" label={f('ownerName')} sortable={false} />
      <TextField source="waybillNo" label={f('waybillNo')} sortable={false} />
      {spec.hasCarrier ? <TextField source="carrier" label={f('carrier')} sortable={false} /> : null}
      <NumberField source="weight" label={f('weight')} sortable={false} options={{ maximumFractionDigits: 3 }} />
      <DimensionsCell source="dimensions" label="app.packages.column.dimensions" sortable={false} />
      <ContentsCell source="contents" label="app.packages.column.contents" sortable={false} />
      <NumberField source="qty" label="app.packages.column.qty" sortable={false} />
      <DateTimeField source="addDate" label={f('addDate')} />
      <PackageRowActions source="operations" label="app.packages.column.operations" sortable={false} />
    </Datagrid>
  );
};

const PackageDialogs = ({ spec, dialog, close }: { spec: PackageKindSpec; dialog: DialogState; close: () => void }) => {
  const refresh = useRefresh();
  if (!dialog) return null;
  if (dialog.mode === 'view') return <PackageViewDialog spec={spec} record={dialog.record} onClose={close} />;
  return (
    <PackageDialog
      kind={spec.kind}
      order={{ id: dialog.record.orderId, orderNo: dialog.record.orderNo }}
      package={dialog.record}
      onClose={close}
      onSaved={() => {
        close();
        refresh();
      }}
    />
  );
};

export interface PackageListProps {
  kind: PackageKind;
  /** Store key of the list parameters (false: none). */
  storeKey?: string | false;
}

export const PackageList = ({ kind, storeKey }: PackageListProps) => {
  const spec = PACKAGE_KINDS[kind];
  const [dialog, setDialog] = useState<DialogState>(null);
  return (
    <List
      resource={spec.resource}
      title={`app.packages.title.${kind}`}
      actions={false}
      sort={NO_SORT}
      perPage={PACKAGE_PAGE_SIZE}
      pagination={<ListPagination />}
      exporter={false}
      empty={false}
      storeKey={storeKey ?? `${spec.resource}.list`}
      className={`wms-package-list wms-${kind}-package-list`}
      sx={{ contain: 'inline-size', '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
    >
      <ListCtx.Provider value={{ spec, open: setDialog }}>
        <PackageFilterBar spec={spec} />
        <Box sx={{ height: 12 }} />
        <PackageTable spec={spec} />
        <PackageDialogs spec={spec} dialog={dialog} close={() => setDialog(null)} />
      </ListCtx.Provider>
    </List>
  );
};

/** /inbound/pack/list */
export const InboundPackList = () => <PackageList kind="inbound" />;
/** /outbound/pack/list */
export const OutboundPackList = () => <PackageList kind="outbound" />;
