/**
 * The invoice list's corrections (resources.yaml `invoice.screen.rowWidgets: [invoiceCorrect]`; issue 32 step 3;
 * docs/billing.md "Invoices"), registered once (imported as ../widgets.ts says), for holders of billing:invoice:
 * - on a DRAFT: "Add line" opens a dialog adding a line by hand (`/sapi/wms/invoice/line-add`: kind VAS, MANUAL or
 *   ADJUSTMENT, quantity, amount in the invoice's currency, reason) and listing the lines added so far, each with
 *   Remove (`line-remove`);
 * - on a CONFIRMED invoice: "Credit note" opens a dialog making one (`/sapi/wms/invoice/credit`: kind, amount,
 *   reason), showing what is left to credit.
 * Rules and messages are the server's (a 400 names the field, a 409 says why); the list reloads after a change.
 * Test ids: invoice-row-add-line, invoice-row-credit, invoice-correct-dialog, invoice-correct-{kind,qty,amount,reason,save},
 * invoice-manual-line-remove.
 *
 * And the invoice documents (docs/billing.md "Documents"), for holders of billing:list: `invoiceDetail` "Download
 * detail (Excel)" asks `POST /sapi/wms/invoice/detail-xlsx {id}` for a signed address of the invoice's workbook
 * (lines and every charge behind them, in the console's language) and downloads it (test id
 * invoice-row-detail-xlsx). The PDF is the `print` row widget (print kind `invoice`, screens/print/).
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDataProvider, useNotify, usePermissions, useTranslate, type RaRecord } from 'react-admin';
import { accessCodes } from '../../../../generated/client/access';
import { ChargeKind, InvoiceStatus } from '../../../../generated/shared/enums';
import { callOf } from '../../kit/documentApi';
import type { DocumentListUi } from '../../kit/DocumentListUi';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerRow, widgetDialogKind } from '../../kit/screen/registry';
import type { Screen } from '../../kit/screen/spec';
import { useEnumLabel } from '../../kit/cells';
import { hasCode } from '../../providers/access';
import { errorMessage } from '../../widgets/errorMessage';
import { centsToText, textToCents } from '../../widgets/money';
import { sapi } from '../../providers/http';
import { openDownload } from '../../widgets/useExportJob';
// the list's "Billing run" (top widget invoiceRun)
import './InvoiceRunButton';

/** The code of every correction (the invoice's workflow code, manifest `invoice.permissions.edit`). */
const CODE = accessCodes.invoice?.edit;
const PATH = '/sapi/wms/invoice';
const MANUAL_KINDS = [ChargeKind.VAS, ChargeKind.MANUAL, ChargeKind.ADJUSTMENT];
const NAME = 'invoiceCorrect';

registerRow(
  NAME,
  ({ screen, record, ui }) => {
    const translate = useTranslate();
    const { permissions } = usePermissions();
    if (!hasCode(permissions, CODE)) return null;
    const draft = record.status === InvoiceStatus.DRAFT;
    return (
      <RowActionButton
        label={translate(draft ? 'app.billing.add_line' : 'app.billing.credit')}
        onClick={() => ui.open({ kind: widgetDialogKind(NAME), record })}
        testId={testIdOf(screen.names, draft ? 'row-add-line' : 'row-credit')}
      />
    );
  },
  (props) => <CorrectDialog {...props} />,
);

/** The dialog of one invoice: a line by hand on a draft, a credit note on a confirmed invoice (module doc). */
function CorrectDialog({ screen, record, ui }: { screen: Screen; record: RaRecord; ui: DocumentListUi<string> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const enumLabel = useEnumLabel();
  const call = callOf(useDataProvider());
  const draft = record.status === InvoiceStatus.DRAFT;
  const kinds = draft ? MANUAL_KINDS : (Object.values(ChargeKind) as number[]);
  const [inv, setInv] = useState<RaRecord>(record);
  const [kind, setKind] = useState<number>(draft ? ChargeKind.VAS : ChargeKind.ADJUSTMENT);
  const [qty, setQty] = useState('1');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = (part: string) => testIdOf(screen.names, `correct-${part}`);
  const currency = enumLabel('Currency', inv.currency);
  const money = (cents: unknown) => `${centsToText(cents)} ${currency}`;
  const line = (f: string) => translate(`resources.invoiceLine.fields.${f}`);
  const manual = ((inv.lines ?? []) as Array<Record<string, unknown>>).filter((l) => l.manual);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const save = () => run(async () => {
    // the amount as typed: an unparsable one goes as text, so the server's rule names the field
    const cents = textToCents(amount) ?? amount;
    if (draft) {
      const q = qty.trim() === '' ? undefined : Number.isFinite(Number(qty)) ? Number(qty) : qty;
      setInv(await call<RaRecord>(`${PATH}/line-add`, { id: record.id, kind, qty: q, amount: cents, reason }));
      setAmount('');
      setReason('');
      notify('app.billing.line_added', { type: 'success' });
    } else {
      const note = await call<RaRecord>(`${PATH}/credit`, { id: record.id, kind, amount: cents, reason });
      notify('app.billing.credited', { type: 'success', messageArgs: { no: String(note.creditNo) } });
      ui.reload();
    }
  });
  const remove = (lineId: unknown) => run(async () => {
    setInv(await call<RaRecord>(`${PATH}/line-remove`, { id: record.id, lineId }));
    notify('app.billing.line_removed', { type: 'success' });
  });

  return (
    <Dialog open onClose={ui.reload} maxWidth="sm" fullWidth data-testid={testIdOf(screen.names, 'correct-dialog')}>
      <DialogTitle>{draft ? translate('app.billing.add_line_title', { month: String(record.month) }) : translate('app.billing.credit_title', { no: String(record.invoiceNo ?? '') })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">
            {translate('resources.invoice.fields.total')}: {money(inv.total)}
            {draft ? '' : ` · ${translate('app.billing.credit_left', { left: money(Number(inv.total) - Number(inv.credited ?? 0)) })}`}
          </Typography>
          <TextField select label={line('kind')} value={kind} onChange={(e) => setKind(Number(e.target.value))} inputProps={{ 'data-testid': id('kind') }}>
            {kinds.map((k) => <MenuItem key={k} value={k}>{enumLabel('ChargeKind', k)}</MenuItem>)}
          </TextField>
          {draft && <TextField label={line('qty')} value={qty} onChange={(e) => setQty(e.target.value)} inputProps={{ 'data-testid': id('qty'), inputMode: 'decimal' }} />}
          <TextField label={line('amount')} value={amount} onChange={(e) => setAmount(e.target.value)} helperText={draft ? translate('app.billing.amount_hint') : currency} required inputProps={{ 'data-testid': id('amount'), inputMode: 'decimal' }} />
          <TextField label={line('reason')} value={reason} onChange={(e) => setReason(e.target.value)} required inputProps={{ 'data-testid': id('reason'), maxLength: 200 }} />
          {draft && manual.length > 0 && (
            <Stack spacing={0.5}>
              <Typography variant="subtitle2">{translate('app.billing.manual_lines')}</Typography>
              {manual.map((l) => (
                <Stack key={String(l.id)} direction="row" spacing={1} alignItems="center">
                  <Typography variant="body2" sx={{ flex: 1 }}>{`${enumLabel('ChargeKind', l.kind)} × ${String(l.qty)}: ${money(l.amount)} — ${String(l.reason ?? '')}`}</Typography>
                  <Button size="small" color="error" disabled={busy} onClick={() => void remove(l.id)} data-testid={testIdOf(screen.names, 'manual-line-remove')}>{translate('app.billing.remove_line')}</Button>
                </Stack>
              ))}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={ui.reload}>{translate('app.billing.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()} data-testid={id('save')}>{translate('app.billing.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The call minting the workbook's address (server: src/server/domain/billing/invoice-detail.ts). */
export const INVOICE_DETAIL_PATH = '/sapi/wms/invoice/detail-xlsx';

registerRow('invoiceDetail', ({ screen, record }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { url } = await sapi<{ url: string; expiresAt: number }>(INVOICE_DETAIL_PATH, { id: record.id });
      openDownload(url);
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return <RowActionButton label={translate('app.billing.invoiceDetail')} icon={<DownloadIcon fontSize="small" />} disabled={busy} onClick={() => void download()} testId={testIdOf(screen.names, 'row-detail-xlsx')} />;
});
