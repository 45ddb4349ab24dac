/**
 * A stock move by scanning (issue 29; /func/move_exec, code move:add, confirming needs move:confirm; server:
 * domain/moves/moves.ts): choose the warehouse, then per line scan the from-location (its stock is read:
 * location-inventory/list), the SKU (its code, supplier or platform SKU or barcode: widgets/skuByCode.ts; the
 * first batch with units left to move), the quantity (default: what is left to move of it) and the
 * to-location: the line is added and the SKU field is ready for the next line from the same location. Confirm
 * (the button, or Enter on the empty SKU field) creates the move with its lines and confirms it (move/add + move/confirm, all lines in one transaction); a
 * refused confirmation cancels the new move (nothing moved) and shows the server's words with the line named.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { errorMessage } from '../../widgets/errorMessage';
import { sameCode } from '../../widgets/lineScan';
import { useSkuLookup } from '../../widgets/skuByCode';
import { floorApi, type LocationRecord, type StockRow } from './floorApi';
import { focusStep, StepField, useWarehouses, WarehouseSelect } from './FloorFields';
import { wholeNumber } from './qty';

/** A line of the move being scanned. */
interface Line {
  stock: StockRow;
  from: LocationRecord;
  to: LocationRecord;
  qty: number;
}

type Step = 'from' | 'sku' | 'qty' | 'to';

const HEADS = ['resources.moveLine.fields.fromLocationId', 'resources.moveLine.fields.skuId', 'resources.moveLine.fields.batchNo', 'resources.moveLine.fields.qty', 'resources.moveLine.fields.toLocationId', ''];

export const MovePage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const lookup = useSkuLookup();
  const wh = useWarehouses();
  const [from, setFrom] = useState<{ code: string; location?: LocationRecord; stock: StockRow[] }>({ code: '', stock: [] });
  const [sku, setSku] = useState<{ code: string; stock?: StockRow }>({ code: '' });
  const [qty, setQty] = useState('');
  const [to, setTo] = useState('');
  const [step, setStep] = useState<Step>('from');
  const [error, setError] = useState<{ step: Step; text: string } | undefined>();
  const [lines, setLines] = useState<Line[]>([]);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | undefined>();
  const refs = { from: useRef<HTMLInputElement>(null), sku: useRef<HTMLInputElement>(null), qty: useRef<HTMLInputElement>(null), to: useRef<HTMLInputElement>(null) };

  const go = (next: Step) => {
    setError(undefined);
    setStep(next);
    focusStep(refs[next]);
  };
  const fail = (at: Step, text: string) => {
    setError({ step: at, text });
    focusStep(refs[at]);
  };
  useEffect(() => {
    setLines([]);
    setFrom({ code: '', stock: [] });
    go('from');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wh.warehouseId]);

  /** Units of a stock row not yet planned on a line. */
  const leftOf = (s: StockRow) => s.qty - s.lockQty - lines.filter((l) => l.stock.id === s.id).reduce((n, l) => n + l.qty, 0);

  const locationOf = async (code: string): Promise<LocationRecord> => {
    if (wh.warehouseId === '') throw new Error(translate('app.floor.choose_warehouse'));
    const found = await floorApi.location(dataProvider, wh.warehouseId, code);
    if (!found) throw new Error(translate('app.floor.move.no_location', { code: code.trim() }));
    return found;
  };

  const onFrom = async () => {
    if (!from.code.trim()) return;
    setResult(undefined);
    try {
      const location = await locationOf(from.code);
      const stock = await floorApi.stockAt(dataProvider, Number(wh.warehouseId), location.id);
      setFrom({ code: location.code, location, stock });
      go('sku');
    } catch (e) {
      fail('from', errorMessage(e));
    }
  };

  const onSku = async () => {
    const code = sku.code.trim();
    // Enter on an empty SKU field with lines scanned: the move is done (no mouse needed)
    if (!code && lines.length) return void confirm();
    if (!code || !from.location) return;
    try {
      const usable = from.stock.filter((s) => leftOf(s) > 0);
      let hit = usable.find((s) => sameCode(s.sku, code));
      for (const ownerId of [...new Set(usable.map((s) => s.ownerId))]) {
        if (hit) break;
        const ids = (await lookup(code, ownerId, [])).map((h) => h.id);
        hit = usable.find((s) => s.ownerId === ownerId && ids.includes(s.skuId));
      }
      if (!hit) return fail('sku', translate('app.floor.move.nothing_at', { code, location: from.location.code }));
      setSku({ code, stock: hit });
      setQty(String(leftOf(hit)));
      go('qty');
    } catch (e) {
      fail('sku', errorMessage(e));
    }
  };

  const onQty = () => {
    const stock = sku.stock;
    if (!stock || !from.location) return;
    const n = wholeNumber(qty, 1, leftOf(stock));
    if (n === undefined) return fail('qty', translate('app.floor.move.over', { available: leftOf(stock), sku: stock.sku, location: from.location.code }));
    go('to');
  };

  const onTo = async () => {
    const stock = sku.stock;
    const n = wholeNumber(qty, 1, stock ? leftOf(stock) : 0);
    if (!to.trim() || !stock || !from.location || n === undefined) return;
    try {
      const target = await locationOf(to);
      if (target.id === from.location.id) return fail('to', translate('app.floor.move.same', { code: target.code }));
      setLines([...lines, { stock, from: from.location, to: target, qty: n }]);
      setSku({ code: '' });
      setQty('');
      setTo('');
      go('sku');
    } catch (e) {
      fail('to', errorMessage(e));
    }
  };

  const confirm = async () => {
    if (!lines.length || wh.warehouseId === '') return;
    setBusy(true);
    setResult(undefined);
    try {
      const done = await floorApi.move(
        dataProvider,
        wh.warehouseId,
        lines.map((l) => ({ inventoryId: l.stock.inventoryId, fromLocationId: l.from.id, toLocationId: l.to.id, qty: l.qty })),
      );
      setResult({ ok: true, text: translate('app.floor.move.done', { no: done?.moveNo ?? '', count: lines.length }) });
      setLines([]);
      setFrom({ code: '', stock: [] });
      setSku({ code: '' });
      go('from');
    } catch (e) {
      setResult({ ok: false, text: errorMessage(e) });
    } finally {
      setBusy(false);
    }
  };

  const errorAt = (s: Step) => (error?.step === s ? error.text : undefined);
  const off = wh.warehouseId === '';

  return (
    <Box sx={{ p: 2 }} data-testid="move-exec">
      <Title title={translate('screens.moveExec')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate('screens.moveExec')}
        </Typography>
        <WarehouseSelect box={wh} testId="move-warehouse" />
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <StepField
            inputRef={refs.from}
            label="resources.moveLine.fields.fromLocationId"
            value={from.code}
            onChange={(code) => {
              setFrom({ code, stock: [] });
              setStep('from');
            }}
            onEnter={() => void onFrom()}
            error={errorAt('from')}
            hint="app.floor.move.from_hint"
            testId="move-from"
            disabled={off}
            autoFocus
          />
          <StepField inputRef={refs.sku} label="app.floor.scan_sku" value={sku.code} onChange={(code) => setSku({ code })} onEnter={() => void onSku()} error={errorAt('sku')} hint={lines.length ? 'app.floor.move.sku_hint' : undefined} testId="move-sku" disabled={off || !from.location} />
          <StepField inputRef={refs.qty} label="resources.moveLine.fields.qty" value={qty} onChange={setQty} onEnter={onQty} error={errorAt('qty')} testId="move-qty" number width={140} disabled={off || !sku.stock} />
          <StepField inputRef={refs.to} label="resources.moveLine.fields.toLocationId" value={to} onChange={setTo} onEnter={() => void onTo()} error={errorAt('to')} hint="app.floor.move.to_hint" testId="move-to" disabled={off || step !== 'to'} />
        </Box>
        {result ? (
          <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid={result.ok ? 'move-result' : 'move-error'}>
            {result.text}
          </Alert>
        ) : null}
      </Paper>

      <Paper sx={{ p: 2 }}>
        <Table size="small" data-testid="move-lines">
          <TableHead>
            <TableRow>
              {HEADS.map((k, i) => (
                <TableCell key={i}>{k ? translate(k) : ''}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEADS.length} align="center" sx={{ color: 'text.secondary' }}>
                  {translate('app.floor.move.empty')}
                </TableCell>
              </TableRow>
            ) : (
              lines.map((l, i) => (
                <TableRow key={i} data-testid="move-line">
                  <TableCell>{l.from.code}</TableCell>
                  <TableCell>{l.stock.sku}</TableCell>
                  <TableCell>{l.stock.batchNo || '—'}</TableCell>
                  <TableCell data-testid="move-line-qty">{l.qty}</TableCell>
                  <TableCell>{l.to.code}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setLines(lines.filter((_, j) => j !== i))} data-testid="move-line-remove">
                      {translate('app.floor.move.remove')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
        <Box sx={{ display: 'flex', gap: 1.5, mt: 2 }}>
          <Button variant="contained" color="success" onClick={() => void confirm()} disabled={busy || !lines.length} data-testid="move-confirm">
            {translate('resources.move.actions.confirm')}
          </Button>
          <Button
            onClick={() => {
              setLines([]);
              setResult(undefined);
              go('from');
            }}
            disabled={busy}
            data-testid="move-clear"
          >
            {translate('app.floor.clear')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
};
