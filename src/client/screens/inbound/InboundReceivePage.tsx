/**
 * The receiving screen (issue 5; spec 2.3 /func/normal_inbound_exec, return_inbound_exec,
 * reject_inbound_exec; the type is preset per route):
 * - the scan box (widgets/ScanField, auto-focused): Enter looks the order up through /scan {code, type} by
 *   order, package, package waybill, waybill or store order number; a miss or an ambiguous code shows the
 *   server msg (spec 8 "inbound order does not exist", "multiple inbound orders found", "multiple packages
 *   found"). `?code=` in the URL (the list's Receive button) looks that order up at once;
 * - the order header and its lines: planned, received so far, "receive now" and the batch number to receive
 *   into (default: the line's); an over-receipt checkbox. "Receive now" starts at what remains, or, when a
 *   package was scanned ("Package <no>" on the card), at what that package holds of the line's SKU + batch
 *   (0 for the other lines), so confirming receives exactly that carton;
 * - the line scan box (widgets/LineScanField, issue 27 item 8) counts "receive now" by SKU, supplier SKU,
 *   platform SKU or barcode (`3*CODE` counts 3): the first scan sets every "receive now" to 0, each scan adds to
 *   the first line of its SKU with room; more than planned (unless over-receipt is allowed), codes of no SKU of
 *   the order's owner and SKUs not on the order are refused at the scan (red, named, low beep), nothing
 *   counted. "Scanned" shows received + receive now / planned per line, the bar the total;
 * - a GS1-128 label scanned there (issue 30; shared/gs1.ts, raw `]C1...` or `(01)...(17)...(10)...`) counts
 *   by its GTIN (AI 01, also as GTIN-13 / UPC-A) and its count (AI 37 / 30, else 1) and fills the line's batch
 *   (AI 10), production date (11) and expiry date (17, else best before 15); a label of another batch or
 *   expiry date than the line is already counting is refused (one line, one batch); an unreadable label is
 *   refused naming what is wrong. Production and expiry dates can also be typed (date boxes per line);
 * - Confirm (inbound:receive) sends /receive {id, lines: [{lineId, qty, batchNo?, productionDate?,
 *   expiryDate?}], overReceipt?}, shows the order's new state (Receiving / Completed) and clears the screen
 *   for the next scan.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LinesFrame } from '../../kit/LinesTable';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Gs1Error, looksLikeGs1, parseGs1, type Gs1Data } from '../../../shared/gs1';
import { canTake } from '../../../shared/workflow';
import { Permitted } from '../../widgets/Permitted';
import { errorMessage } from '../../widgets/errorMessage';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { LineProgress, LineScanField, ScanProgressBar, type ScanFeedback } from '../../widgets/LineScanField';
import { countMessage, countOf, countScan, lineProgress, scanProgress, type CountLine, type ScanInput } from '../../widgets/lineScan';
import { useSkuLookup } from '../../widgets/skuByCode';
import { BATCH_NO_MAX, CODE_INBOUND_RECEIVE, INBOUND_WORKFLOW, InboundOrderType, kindOf, type InboundRecord } from './constants';
import { useEnumLabel } from '../../kit/cells';
import { applyLabel, gtinCodes, receiptDefaults, receiptQtyError, remainingOf, toReceiveBody, type ReceiptValues } from './formSchema';
import { inboundApi } from './inboundApi';
import { InboundHeader } from './InboundHeader';

/** Line headers: the manifest's labels of the line fields, the screen's own for the rest. */
const LINE_HEADS = [
  'wms.doc.line.no',
  'resources.inboundOrderLine.fields.skuId',
  'resources.sku.fields.name',
  'resources.inboundOrderLine.fields.plannedQty',
  'resources.inboundOrderLine.fields.receivedQty',
  'app.inbound.line.remaining',
  'app.inbound.line.receive_qty',
  'wms.widgets.lineScan.column',
  'resources.inboundOrderLine.fields.batchNo',
  'resources.batch.fields.productionDate',
  'resources.batch.fields.expiryDate',
];

/** The lines as the scan counting sees them: "receive now" counted on top of what was received before. */
const countLinesOf = (order: InboundRecord, receipts: readonly ReceiptValues[]): CountLine[] =>
  (order.lines ?? []).map((l, i) => ({ skuId: Number(l.skuId), sku: l.sku, limit: Number(l.plannedQty), done: Number(l.receivedQty ?? 0), counted: countOf(receipts[i]?.qty) }));
import type { PackageRecord } from '../packages/constants';
import { contentKey, packedByKey } from '../packages/formSchema';

/** An inbound order as /scan returns it: `package` is the scanned package (scan by package number or package waybill), else null. */
export type ScannedInbound = InboundRecord & { package?: PackageRecord | null };

/**
 * The "receive now" values of a scanned order: what remains of each line, or, when a package was scanned,
 * what the package holds of the line's SKU + batch (0 for the other lines; a SKU + batch listed on two lines
 * goes to the first).
 */
export function scanReceipts(order: ScannedInbound): ReceiptValues[] {
  const receipts = receiptDefaults(order);
  if (!order.package) return receipts;
  const held = packedByKey([order.package]);
  return receipts.map((r, i) => {
    const line = order.lines![i];
    const key = contentKey({ skuId: line.skuId, batchNo: line.batchNo });
    const qty = held.get(key) ?? 0;
    held.delete(key);
    return { ...r, qty: String(qty) };
  });
}

export interface InboundReceivePageProps {
  /** InboundOrderType of the route. */
  type: number;
}

export const InboundReceivePage = ({ type }: InboundReceivePageProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const enumLabel = useEnumLabel();
  const lookup = useSkuLookup();
  const [order, setOrder] = useState<ScannedInbound | null>(null);
  const [receipts, setReceipts] = useState<ReceiptValues[]>([]);
  const [overReceipt, setOverReceipt] = useState(false);
  // the latest values for scans handled between renders (a wedge scanner is faster than React)
  const orderRef = useRef<ScannedInbound | null>(null);
  const receiptsRef = useRef<ReceiptValues[]>([]);
  const overRef = useRef(false);
  overRef.current = overReceipt;
  /** A line scan has set "receive now" to counts (from 0). */
  const countingRef = useRef(false);
  const putReceipts = (next: ReceiptValues[]) => {
    receiptsRef.current = next;
    setReceipts(next);
  };
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ no: string; status: number } | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const kind = kindOf(type);

  const show = (found: ScannedInbound | null) => {
    orderRef.current = found;
    countingRef.current = false;
    setOrder(found);
    putReceipts(found ? scanReceipts(found) : []);
    setOverReceipt(false);
  };

  const scan = useScanBox<ScannedInbound>({
    find: (code) => inboundApi.scan(dataProvider, code, type),
    onFound: show,
    onStart: () => {
      setResult(undefined);
      setFormError(undefined);
    },
    onMiss: () => show(null),
    paused: busy,
  });
  /** A look-up or the receipt is running. */
  const working = busy || scan.busy;

  const clear = () => {
    show(null);
    scan.setCode('');
    setFormError(undefined);
    scan.focus();
  };

  const setReceipt = (index: number, patch: Partial<ReceiptValues>) => {
    putReceipts(receiptsRef.current.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setFormError(undefined);
  };

  /** One line scan: counts onto "receive now" or refuses (see module doc). */
  const scanLine = async ({ code, qty }: ScanInput): Promise<ScanFeedback> => {
    const current = orderRef.current;
    const gone = () => ({ ok: false, message: translate('wms.widgets.lineScan.no_order', { code }) });
    if (!current) return gone();
    // a GS1 label: its GTIN and count, then its batch and dates for the line (see module doc)
    let label: Gs1Data | undefined;
    if (looksLikeGs1(code)) {
      try {
        label = parseGs1(code);
      } catch (e) {
        const p = e instanceof Gs1Error ? e : new Gs1Error('empty');
        return { ok: false, message: translate('app.inbound.gs1.invalid', { problem: translate(`app.inbound.gs1.problem.${p.problem}`), ai: p.ai ? `, AI ${p.ai}` : '' }) };
      }
      if (!label.gtin) return { ok: false, message: translate('app.inbound.gs1.no_gtin') };
    }
    const skuLines = (current.lines ?? []).map((l) => ({ skuId: Number(l.skuId), sku: l.sku, skuName: l.skuName }));
    let hits: Awaited<ReturnType<typeof lookup>> = [];
    for (const c of label ? gtinCodes(label.gtin) : [code]) {
      hits = await lookup(c, Number(current.ownerId), skuLines);
      if (hits.length) break;
    }
    if (orderRef.current !== current) return gone();
    const units = label ? qty * (label.count ?? 1) : qty;
    const base = countingRef.current ? receiptsRef.current : receiptsRef.current.map((r) => ({ ...r, qty: '0' }));
    const lines = countLinesOf(current, base);
    const result = countScan(lines, hits.map((h) => h.id), units, overRef.current);
    if (result.ok) {
      const before = base[result.index];
      const labelled = label ? applyLabel(before, label, countOf(before.qty) > 0) : { values: before };
      if ('conflict' in labelled) {
        const field = translate(`resources.batch.fields.${labelled.conflict}`);
        const value = labelled.conflict === 'batchNo' ? label!.batchNo : label!.expiryDate ?? label!.bestBeforeDate;
        return { ok: false, message: translate('app.inbound.gs1.other', { line: result.index + 1, field, was: labelled.was, value: value ?? '' }) };
      }
      countingRef.current = true;
      putReceipts(base.map((r, i) => (i === result.index ? { ...labelled.values, qty: String(result.counted) } : r)));
      setFormError(undefined);
    }
    const m = countMessage(result, label ? label.gtin! : code, units, lines, hits, 'over');
    return { ok: m.ok, message: translate(`wms.widgets.lineScan.${m.key}`, m.params) };
  };
  const countLines = order ? countLinesOf(order, receipts) : [];
  const total = scanProgress(countLines);

  const receivable = order ? canTake(INBOUND_WORKFLOW, 'receive', Number(order.status)) : false;
  const errors = receipts.map((r) => receiptQtyError(r.qty));

  const confirm = async () => {
    if (!order) return;
    if (errors.some(Boolean)) return;
    const body = toReceiveBody(order, receipts, overReceipt);
    if (body.lines.length === 0) {
      setFormError(translate('app.inbound.exec.nothing_to_receive'));
      return;
    }
    setBusy(true);
    try {
      const after = await inboundApi.receive(dataProvider, body);
      const status = Number(after?.status);
      setResult({ no: String(after?.orderNo ?? order.orderNo ?? ''), status });
      notify('app.inbound.success', { type: 'success' });
      show(null);
      scan.setCode('');
      scan.focus();
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="inbound-exec" data-type={String(type)}>
      <Title title={translate(`app.inbound.exec_title.${kind.key}`)} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate(`app.inbound.exec_title.${kind.key}`)}
        </Typography>
        <ScanField box={scan} label="app.inbound.exec.scan" hint="app.inbound.exec.scan_hint" testId="inbound-scan" maxLength={100} disabled={scan.busy && !order} />
        {result ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="inbound-receive-result" data-status={String(result.status)}>
            {translate('app.inbound.exec.received', { no: result.no, status: enumLabel('InboundOrderStatus', result.status) })}
          </Alert>
        ) : null}
      </Paper>

      {scan.busy && !order ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : null}

      {order ? (
        <Paper sx={{ p: 2 }} data-testid="inbound-exec-order">
          {order.package ? (
            <Chip
              color="info"
              variant="outlined"
              sx={{ mb: 1.5 }}
              label={translate('app.inbound.exec.package', { no: order.package.packageNo ?? '' })}
              data-testid="inbound-exec-package"
            />
          ) : null}
          <InboundHeader order={order} />
          {!receivable ? (
            <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="inbound-not-receivable">
              {translate('app.inbound.exec.not_receivable', { status: enumLabel('InboundOrderStatus', order.status) })}
            </Alert>
          ) : null}
          {receivable ? (
            <LineScanField key={order.id} onScan={scanLine} hint="wms.widgets.lineScan.hint_receive" testId="inbound-line-scan" disabled={working} autoFocus />
          ) : null}
          <ScanProgressBar reached={total.reached} planned={total.planned} testId="inbound-scan-progress" />
          <LinesFrame testId="inbound-exec-lines" heads={LINE_HEADS}>
                {(order.lines ?? []).map((line, index) => {
                  const r = receipts[index];
                  const err = errors[index];
                  const progress = lineProgress(countLines[index]);
                  return (
                    <TableRow key={line.id ?? index} data-testid="inbound-exec-line" sx={{ verticalAlign: 'top' }}>
                      <TableCell>{index + 1}</TableCell>
                      <TableCell>{line.sku}</TableCell>
                      <TableCell>{line.skuName}</TableCell>
                      <TableCell align="right" data-testid="inbound-exec-planned">{line.plannedQty}</TableCell>
                      <TableCell align="right" data-testid="inbound-exec-received">{line.receivedQty ?? 0}</TableCell>
                      <TableCell align="right">{remainingOf(line)}</TableCell>
                      <TableCell sx={{ minWidth: 120 }}>
                        <TextField
                          size="small"
                          value={r?.qty ?? ''}
                          onChange={(e) => setReceipt(index, { qty: e.target.value })}
                          error={Boolean(err)}
                          helperText={err ? translate(err) : undefined}
                          disabled={!receivable || working}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'inbound-exec-qty' } }}
                        />
                      </TableCell>
                      <TableCell align="right">
                        <LineProgress reached={progress.reached} planned={progress.planned} testId="inbound-exec-progress" />
                      </TableCell>
                      <TableCell sx={{ minWidth: 140 }}>
                        <TextField
                          size="small"
                          value={r?.batchNo ?? ''}
                          onChange={(e) => setReceipt(index, { batchNo: e.target.value })}
                          disabled={!receivable || working}
                          slotProps={{ htmlInput: { maxLength: BATCH_NO_MAX, 'data-testid': 'inbound-exec-batch' } }}
                        />
                      </TableCell>
                      {(['productionDate', 'expiryDate'] as const).map((field) => (
                        <TableCell key={field} sx={{ minWidth: 150 }}>
                          <TextField
                            size="small"
                            type="date"
                            value={r?.[field] ?? ''}
                            onChange={(e) => setReceipt(index, { [field]: e.target.value })}
                            disabled={!receivable || working}
                            slotProps={{ htmlInput: { 'data-testid': `inbound-exec-${field === 'expiryDate' ? 'expiry' : 'production'}` } }}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
          </LinesFrame>
          {formError ? (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="inbound-exec-error">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <FormControlLabel
              control={<Checkbox checked={overReceipt} onChange={(e) => setOverReceipt(e.target.checked)} disabled={!receivable || working} slotProps={{ input: { 'data-testid': 'inbound-over-receipt' } as object }} />}
              label={translate('app.inbound.exec.over_receipt')}
            />
            <Box sx={{ flex: '1 1 auto' }} />
            <Button onClick={clear} disabled={working} data-testid="inbound-exec-clear">
              {translate('app.inbound.action.clear')}
            </Button>
            <Permitted codes={CODE_INBOUND_RECEIVE}>
              <Button
                variant="contained"
                color="success"
                onClick={confirm}
                disabled={!receivable || working || errors.some(Boolean)}
                startIcon={working ? <CircularProgress size={16} /> : undefined}
                data-testid="inbound-receive-confirm"
              >
                {translate('app.inbound.action.confirm_receive')}
              </Button>
            </Permitted>
          </Box>
        </Paper>
      ) : null}
    </Box>
  );
};

export const NormalInboundExec = () => <InboundReceivePage type={InboundOrderType.NORMAL} />;
export const ReturnInboundExec = () => <InboundReceivePage type={InboundOrderType.RETURN} />;
export const RejectInboundExec = () => <InboundReceivePage type={InboundOrderType.REJECT} />;
