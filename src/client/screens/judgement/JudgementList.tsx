/**
 * The inventory adjustment list (issue 4; route /sku/inventory_judgement_list, menu code
 * inventory_judgement:list) on the documents kit's DocumentList for resource 'inventoryJudgement'
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
import { TextField } from 'react-admin';
import { DateTimeField } from '../../widgets/DateTimeField';
import { DocumentList, DocumentTopButtons } from '../../kit/DocumentList';
import { DocumentTable } from '../../kit/DocumentTable';
import { RowNumberCell, StatusCell } from '../../kit/cells';
import { CODE_JUDGEMENT_ADD, JUDGEMENT_NAMES, JUDGEMENT_RESOURCE } from './constants';
import { JUDGEMENT_STATUS, LinesCell } from './fields';
import { JudgementFilterBar } from './JudgementFilterBar';
import { JudgementEditDialog } from './JudgementEditDialog';
import { JudgementRejectDialog } from './JudgementRejectDialog';
import { JudgementRowActions, type JudgementDialogKind } from './JudgementRowActions';
import { JudgementViewDialog } from './JudgementViewDialog';

export interface JudgementListProps {
  /** Store key of the list parameters (false: none). */
  storeKey?: string | false;
}

export const JudgementList = ({ storeKey = 'inventoryJudgement.list' }: JudgementListProps) => (
  <DocumentList<JudgementDialogKind>
    names={JUDGEMENT_NAMES}
    resource={JUDGEMENT_RESOURCE}
    title="app.judgement.title"
    storeKey={storeKey}
    filterBar={<JudgementFilterBar />}
    topButtons={<DocumentTopButtons names={JUDGEMENT_NAMES} addCode={CODE_JUDGEMENT_ADD} />}
    renderDialog={(dialog, ui) => {
      if (dialog.kind === 'edit') return <JudgementEditDialog id={dialog.id} onClose={ui.close} onSaved={dialog.id === undefined ? ui.done : ui.reload} />;
      if (dialog.kind === 'view') return <JudgementViewDialog record={dialog.record} onClose={ui.close} />;
      return <JudgementRejectDialog record={dialog.record} onClose={ui.close} onDone={ui.reload} />;
    }}
  >
    <DocumentTable names={JUDGEMENT_NAMES}>
      <RowNumberCell label="app.judgement.column.row_number" />
      <TextField source="judgementNo" label="app.judgement.column.judgement_no" />
      <TextField source="companyName" label="app.judgement.column.company" sortable={false} />
      <TextField source="warehouseName" label="app.judgement.column.warehouse" sortable={false} />
      <TextField source="ownerName" label="app.judgement.column.owner" sortable={false} />
      <StatusCell label="app.judgement.column.status" look={JUDGEMENT_STATUS} />
      <LinesCell label="app.judgement.column.lines" />
      <TextField source="remark" label="app.judgement.column.remark" sortable={false} />
      <TextField source="auditUserName" label="app.judgement.column.audit_user" sortable={false} />
      <DateTimeField source="auditDate" label="app.judgement.column.audit_date" sortable={false} />
      <TextField source="rejectReason" label="app.judgement.column.reject_reason" sortable={false} />
      <DateTimeField source="addDate" label="app.judgement.column.add_date" />
      <JudgementRowActions source="operations" sortable={false} label="app.judgement.column.operations" />
    </DocumentTable>
  </DocumentList>
);
