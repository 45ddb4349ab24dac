/**
 * The receiving screen (issue 5; spec 2.3 /func/normal_inbound_exec, return_inbound_exec,
 * reject_inbound_exec; the type is preset per route):
 * - a scan box (auto-focused): Enter looks the order up through /scan {code, type}; a miss or an ambiguous
 *   code shows the server msg (spec 8 "inbound order does not exist", "multiple inbound orders found").
 *   `?code=` in the URL (the list's Receive button) looks that order up at once;
 * - the order header and its lines: planned, received so far, "receive now" (default: what remains) and the
 *   batch number to receive into (default: the line's); an over-receipt checkbox;
 * - Confirm (inbound:receive) sends /receive {id, lines: [{lineId, qty, batchNo?}], overReceipt?}, shows the
 *   order's new state (Receiving / Completed) and clears the screen for the next scan.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { canTake } from '../../../shared/workflow';
import { Permitted } from '../../widgets/Permitted';
import { errorMessage } from '../../widgets/errorMessage';
import { BATCH_NO_MAX, CODE_INBOUND_RECEIVE, INBOUND_WORKFLOW, InboundOrderType, kindOf, type InboundRecord } from './constants';
import { useEnumLabel } from '../documents/cells';
import { receiptDefaults, receiptQtyError, remainingOf, toReceiveBody, type ReceiptValues } from './formSchema';
import { inboundApi } from './inboundApi';
import { InboundHeader } from './InboundSmallDialogs';

export interface InboundReceivePageProps {
  /** InboundOrderType of the route. */
  type: number;
}

export const InboundReceivePage = ({ type }: InboundReceivePageProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const enumLabel = useEnumLabel();
  const [params, setParams] = useSearchParams();
  const scanRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [scanError, setScanError] = useState<string | undefined>();
  const [order, setOrder] = useState<InboundRecord | null>(null);
  const [receipts, setReceipts] = useState<ReceiptValues[]>([]);
  const [overReceipt, setOverReceipt] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ no: string; status: number } | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const kind = kindOf(type);

  const focusScan = () => setTimeout(() => scanRef.current?.focus(), 0);

  const lookUp = async (raw: string) => {
    const text = raw.trim();
    if (!text || busy) return;
    setBusy(true);
    setScanError(undefined);
    setResult(undefined);
    setFormError(undefined);
    try {
      const found = await inboundApi.scan(dataProvider, text, type);
      setOrder(found);
      setReceipts(receiptDefaults(found));
      setOverReceipt(false);
    } catch (e) {
      const msg = errorMessage(e);
      setOrder(null);
      setReceipts([]);
      setScanError(msg);
      notify(msg, { type: 'error' });
      focusScan();
    } finally {
      setBusy(false);
    }
  };

  // the list's Receive button opens this screen with ?code=<order number>
  const initial = params.get('code');
  useEffect(() => {
    if (!initial) return;
    setCode(initial);
    void lookUp(initial);
    const next = new URLSearchParams(params);
    next.delete('code');
    setParams(next, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  const onScanKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void lookUp(code);
    }
  };

  const clear = () => {
    setOrder(null);
    setReceipts([]);
    setOverReceipt(false);
    setCode('');
    setFormError(undefined);
    focusScan();
  };

  const setReceipt = (index: number, patch: Partial<ReceiptValues>) => {
    setReceipts((list) => list.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setFormError(undefined);
  };

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
      setOrder(null);
      setReceipts([]);
      setOverReceipt(false);
      setCode('');
      focusScan();
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
        <TextField
          inputRef={scanRef}
          autoFocus
          fullWidth
          label={translate('app.inbound.exec.scan')}
          helperText={scanError ?? translate('app.inbound.exec.scan_hint')}
          error={Boolean(scanError)}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (scanError) setScanError(undefined);
          }}
          onKeyDown={onScanKey}
          disabled={busy && !order}
          slotProps={{ htmlInput: { 'data-testid': 'inbound-scan', maxLength: 100, autoComplete: 'off' } }}
        />
        {scanError ? (
          <Alert severity="error" sx={{ mt: 1.5 }} data-testid="inbound-scan-error">
            {scanError}
          </Alert>
        ) : null}
        {result ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="inbound-receive-result" data-status={String(result.status)}>
            {translate('app.inbound.exec.received', { no: result.no, status: enumLabel('InboundOrderStatus', result.status) })}
          </Alert>
        ) : null}
      </Paper>

      {busy && !order ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : null}

      {order ? (
        <Paper sx={{ p: 2 }} data-testid="inbound-exec-order">
          <InboundHeader order={order} />
          {!receivable ? (
            <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="inbound-not-receivable">
              {translate('app.inbound.exec.not_receivable', { status: enumLabel('InboundOrderStatus', order.status) })}
            </Alert>
          ) : null}
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
            <Table size="small" data-testid="inbound-exec-lines">
              <TableHead>
                <TableRow>
                  {['no', 'sku', 'sku_name', 'planned_qty', 'received_qty', 'remaining', 'receive_qty', 'batch_no'].map((h) => (
                    <TableCell key={h} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {translate(`app.inbound.line.${h}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(order.lines ?? []).map((line, index) => {
                  const r = receipts[index];
                  const err = errors[index];
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
                          disabled={!receivable || busy}
                          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'inbound-exec-qty' } }}
                        />
                      </TableCell>
                      <TableCell sx={{ minWidth: 140 }}>
                        <TextField
                          size="small"
                          value={r?.batchNo ?? ''}
                          onChange={(e) => setReceipt(index, { batchNo: e.target.value })}
                          disabled={!receivable || busy}
                          slotProps={{ htmlInput: { maxLength: BATCH_NO_MAX, 'data-testid': 'inbound-exec-batch' } }}
                        />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          {formError ? (
            <Alert severity="error" sx={{ mt: 1.5 }} data-testid="inbound-exec-error">
              {formError}
            </Alert>
          ) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mt: 2 }}>
            <FormControlLabel
              control={<Checkbox checked={overReceipt} onChange={(e) => setOverReceipt(e.target.checked)} disabled={!receivable || busy} slotProps={{ input: { 'data-testid': 'inbound-over-receipt' } as object }} />}
              label={translate('app.inbound.exec.over_receipt')}
            />
            <Box sx={{ flex: '1 1 auto' }} />
            <Button onClick={clear} disabled={busy} data-testid="inbound-exec-clear">
              {translate('app.inbound.action.clear')}
            </Button>
            <Permitted codes={CODE_INBOUND_RECEIVE}>
              <Button
                variant="contained"
                color="success"
                onClick={confirm}
                disabled={!receivable || busy || errors.some(Boolean)}
                startIcon={busy ? <CircularProgress size={16} /> : undefined}
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
