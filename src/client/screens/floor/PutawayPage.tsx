/**
 * Putaway by scanning (issue 29; /func/putaway_exec, code putaway; server: domain/moves/putaway.ts):
 * - choose the warehouse: the goods waiting on its receiving location are listed (putaway/list), each with the
 *   suggested location for its available quantity;
 * - scan a SKU (its code, supplier SKU, platform SKU or barcode: a row's own code is matched on the list, any other
 *   through /sku/findByCode for the rows' owners, widgets/skuByCode.ts), or click a row: the row is chosen, its
 *   quantity filled in (editable: Enter in it asks for the suggestion for that quantity) and the suggested
 *   location shown;
 * - scan the target location (the suggested one or another): putaway/confirm {id, toLocationCode, skuCode, qty}.
 *   The server checks the scans again and refuses a locked, quarantine or full location in words, shown under
 *   the field; a success says what went where and the list reloads, ready for the next SKU.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { QTY_MAX } from '../../../shared/documents';
import { errorMessage } from '../../widgets/errorMessage';
import { sameCode } from '../../widgets/lineScan';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { useSkuLookup } from '../../widgets/skuByCode';
import { floorApi, type PutawayRow } from './floorApi';
import { focusStep, StepField, useWarehouses, WarehouseSelect } from './FloorFields';
import { wholeNumber } from './qty';

const HEADS = [
  'resources.moveLine.fields.skuId',
  'resources.sku.fields.name',
  'resources.moveLine.fields.batchNo',
  'resources.moveLine.fields.ownerId',
  'app.floor.putaway.available',
  'app.floor.putaway.suggested',
];

export const PutawayPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const lookup = useSkuLookup();
  const wh = useWarehouses();
  const [rows, setRows] = useState<PutawayRow[] | null>(null);
  const [listError, setListError] = useState<string | undefined>();
  const [row, setRow] = useState<PutawayRow | null>(null);
  const [skuCode, setSkuCode] = useState('');
  const [qty, setQty] = useState('');
  const [qtyError, setQtyError] = useState<string | undefined>();
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const qtyRef = useRef<HTMLInputElement>(null);
  const targetRef = useRef<HTMLInputElement>(null);

  const load = async (warehouseId: number) => {
    setListError(undefined);
    try {
      setRows(await floorApi.putawayList(dataProvider, warehouseId));
    } catch (e) {
      setRows(null);
      setListError(errorMessage(e));
    }
  };
  useEffect(() => {
    setRow(null);
    if (wh.warehouseId === '') return;
    void load(wh.warehouseId);
    focusStep(scan.inputRef);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wh.warehouseId]);

  const choose = (found: PutawayRow, code: string) => {
    setRow(found);
    setSkuCode(code);
    setQty(String(found.availableQty));
    setQtyError(undefined);
    setTarget('');
    setTargetError(undefined);
    focusStep(targetRef);
  };

  /** The first pending row the code names (see module doc); rejects with words. */
  const find = async (code: string): Promise<{ row: PutawayRow; code: string }> => {
    if (!rows) throw new Error(translate('app.floor.choose_warehouse'));
    const waiting = rows.filter((r) => r.availableQty > 0);
    let hit = waiting.find((r) => sameCode(r.sku, code));
    for (const ownerId of [...new Set(waiting.map((r) => r.ownerId))]) {
      if (hit) break;
      const ids = (await lookup(code, ownerId, [])).map((h) => h.id);
      hit = waiting.find((r) => r.ownerId === ownerId && ids.includes(r.skuId));
    }
    if (!hit) throw new Error(translate('app.floor.putaway.no_match', { code }));
    return { row: hit, code };
  };
  const scan = useScanBox({ find, onFound: (f) => choose(f.row, f.code), onStart: () => setDone(undefined), onMiss: () => setRow(null) });

  const quantity = (): number | undefined => {
    const n = wholeNumber(qty, 1, QTY_MAX);
    setQtyError(n === undefined ? translate('app.floor.qty_rule', { max: QTY_MAX }) : undefined);
    return n;
  };

  /** Enter in the quantity: the suggestion for that quantity, then on to the location. */
  const resuggest = async () => {
    const n = quantity();
    if (!row || n === undefined) return;
    try {
      const again = await floorApi.suggest(dataProvider, row.id, n);
      setRow({ ...row, suggestion: again.suggestion });
      focusStep(targetRef);
    } catch (e) {
      setQtyError(errorMessage(e));
    }
  };

  const confirm = async () => {
    const n = quantity();
    const code = target.trim();
    if (!row || n === undefined || !code || busy) return;
    setBusy(true);
    setTargetError(undefined);
    try {
      const doc = await floorApi.putaway(dataProvider, { id: row.id, toLocationCode: code, skuCode, qty: n });
      setDone(translate('app.floor.putaway.done', { qty: n, sku: row.sku, code, no: doc?.moveNo ?? '' }));
      setRow(null);
      setTarget('');
      scan.setCode('');
      focusStep(scan.inputRef);
      if (wh.warehouseId !== '') await load(wh.warehouseId);
    } catch (e) {
      setTargetError(errorMessage(e));
      focusStep(targetRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: 2 }} data-testid="putaway-exec">
      <Title title={translate('screens.putawayExec')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate('screens.putawayExec')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <WarehouseSelect box={wh} testId="putaway-warehouse" />
          <Box sx={{ flex: 1 }}>
            <ScanField box={scan} label="app.floor.scan_sku" hint="app.floor.enter_hint" testId="putaway-scan" disabled={wh.warehouseId === ''} />
          </Box>
        </Box>
        {done ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="putaway-result">
            {done}
          </Alert>
        ) : null}
      </Paper>

      {row ? (
        <Paper sx={{ p: 2, mb: 2 }} data-testid="putaway-chosen">
          <Typography variant="subtitle1" sx={{ mb: 1 }} data-testid="putaway-chosen-sku">
            {`${row.sku} · ${row.skuName}${row.batchNo ? ` · ${row.batchNo}` : ''}`}
          </Typography>
          {row.suggestion ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.floor.putaway.suggested')}: <b data-testid="putaway-suggestion">{row.suggestion.code}</b>
            </Alert>
          ) : (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="putaway-no-suggestion">
              {translate('app.floor.putaway.no_suggestion')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <StepField inputRef={qtyRef} label="resources.moveLine.fields.qty" value={qty} onChange={setQty} onEnter={() => void resuggest()} error={qtyError} testId="putaway-qty" number width={140} />
            <StepField
              inputRef={targetRef}
              label="resources.moveLine.fields.toLocationId"
              value={target}
              onChange={(v) => {
                setTarget(v);
                setTargetError(undefined);
              }}
              onEnter={() => void confirm()}
              error={targetError}
              hint="app.floor.putaway.target_hint"
              testId="putaway-target"
              disabled={busy}
              width={420}
            />
          </Box>
        </Paper>
      ) : null}

      {listError ? <Alert severity="error" data-testid="putaway-list-error">{listError}</Alert> : null}
      {rows ? (
        <Paper sx={{ p: 2 }}>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {translate('app.floor.putaway.pending')}
          </Typography>
          <Table size="small" data-testid="putaway-rows">
            <TableHead>
              <TableRow>
                {HEADS.map((k) => (
                  <TableCell key={k}>{translate(k)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={HEADS.length} align="center" sx={{ color: 'text.secondary' }} data-testid="putaway-none">
                    {translate('app.floor.putaway.none')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((r) => (
                  <TableRow key={r.id} hover selected={r.id === row?.id} sx={{ cursor: 'pointer' }} onClick={() => choose(r, r.sku)} data-testid="putaway-row">
                    <TableCell data-testid="putaway-row-sku">{r.sku}</TableCell>
                    <TableCell>{r.skuName}</TableCell>
                    <TableCell>{r.batchNo || '—'}</TableCell>
                    <TableCell>{r.ownerName ?? ''}</TableCell>
                    <TableCell data-testid="putaway-row-qty">{r.availableQty}</TableCell>
                    <TableCell data-testid="putaway-row-suggestion">{r.suggestion?.code ?? '—'}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Box>
  );
};
