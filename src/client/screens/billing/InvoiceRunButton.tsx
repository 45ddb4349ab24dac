/**
 * The invoice list's "Billing run" (resources.yaml `invoice.screen.topWidgets: [invoiceRun]`; issue 32 "a billing
 * run per owner and month (a scheduled task on the 1st, and on demand)"; docs/billing.md "Invoices"): for holders
 * of billing:invoice, a dialog choosing a goods owner and a month (default: the month that ended) that calls
 * `/sapi/wms/invoice/run {ownerId, month}`: the month's charges are recomputed and its DRAFT made or remade. The
 * server's words are shown on a refusal (a confirmed month, several currencies, nothing to invoice; a 400 naming the
 * field); on success the list reloads and says the draft's total. Test ids: invoice-run, invoice-run-dialog,
 * invoice-run-month, invoice-run-confirm.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Form, useDataProvider, useListContext, useNotify, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { accessCodes } from '../../../../generated/client/access';
import { callOf } from '../../kit/documentApi';
import { testIdOf } from '../../kit/names';
import { registerTop } from '../../kit/screen/registry';
import { useEnumLabel } from '../../kit/cells';
import { hasCode } from '../../providers/access';
import { OwnerInput } from '../../widgets/EnabledRefInput';
import { errorMessage } from '../../widgets/errorMessage';
import { centsToText } from '../../widgets/money';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';

const CODE = accessCodes.invoice?.edit;
const PATH = '/sapi/wms/invoice/run';
const FORM_ID = 'invoice-run-form';

/** The month before today's, yyyy-MM (the month a billing run usually bills). */
export function lastMonth(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

registerTop('invoiceRun', ({ screen }) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!hasCode(permissions, CODE)) return null;
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)} data-testid={testIdOf(screen.names, 'run')}>
        {translate('app.billing.run')}
      </Button>
      {open && <RunDialog testId={testIdOf(screen.names, 'run')} onClose={() => setOpen(false)} />}
    </>
  );
});

function RunDialog({ testId, onClose }: { testId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const enumLabel = useEnumLabel();
  const call = callOf(useDataProvider());
  const { refetch } = useListContext();
  const [month, setMonth] = useState(lastMonth());
  const [busy, setBusy] = useState(false);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      const inv = await call<RaRecord>(PATH, { ownerId: values.ownerId ?? null, month });
      notify('app.billing.run_done', { type: 'success', messageArgs: { month, total: `${centsToText(inv.total)} ${enumLabel('Currency', inv.currency)}` } });
      refetch();
      onClose();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <WideDialog onClose={onClose} title={translate('app.billing.run_title')} width={480} busy={busy} testId={`${testId}-dialog`}
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="app.billing.cancel" form={FORM_ID} busy={busy} label="app.billing.run" testId={`${testId}-confirm`} />}>
      <Form id={FORM_ID} defaultValues={{ ownerId: null }} onSubmit={submit} resource="invoice">
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <OwnerInput label="resources.invoice.fields.ownerId" autoPick fullWidth isRequired disabled={busy} />
          <TextField type="month" label={translate('resources.invoice.fields.month')} value={month} onChange={(e) => setMonth(e.target.value)} required disabled={busy}
            helperText={translate('app.billing.run_hint')} InputLabelProps={{ shrink: true }} inputProps={{ 'data-testid': `${testId}-month` }} />
        </Box>
      </Form>
    </WideDialog>
  );
}
