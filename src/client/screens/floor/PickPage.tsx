/**
 * Picking by scanning (issue 29; /func/pick_exec, code outbound:allocate; server: domain/outbound/picking.ts):
 * - choose an allocated or picking order from the list, or scan its number (order, platform order, package or
 *   waybill number; /outbound-order/scan); its pick tasks (pick/list) are shown in walk order (location pick
 *   sequence) and the first open one is the current line;
 * - per line: scan the location (compared with the line's, any case; a wrong one names the right one), then
 *   the SKU (its code, supplier or platform SKU or barcode: widgets/skuByCode.ts), then the quantity (the units
 *   left on the line; Enter) -> pick/confirm. The server checks the scans again (its words are shown);
 * - fewer units than left is a short pick: it is confirmed explicitly (a second Enter or the button), then
 *   pick/confirm {short: true} releases the rest, records the discrepancy and reserves it again where it can:
 *   the new lines are named ("Reserved again at ..."); units found nowhere can be reserved on another location
 *   later (pick/reallocate);
 * - when every line is picked: a link to the shipping screen with the order (pack and ship there) and the pick list.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { OutboundOrderStatus } from '../../../../generated/shared/enums';
import { errorMessage } from '../../widgets/errorMessage';
import { sameCode } from '../../widgets/lineScan';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { useSkuLookup } from '../../widgets/skuByCode';
import { PrintButton } from '../print/PrintButton';
import { SHIPPING_ROUTE } from '../shipping/routes';
import { floorApi, type PickOrder, type PickResult, type PickTask } from './floorApi';
import { focusStep, StepField } from './FloorFields';
import { wholeNumber } from './qty';

const HEADS = [
  'resources.outboundAllocation.fields.locationId',
  'resources.moveLine.fields.skuId',
  'resources.sku.fields.name',
  'resources.moveLine.fields.batchNo',
  'resources.outboundAllocation.fields.qty',
  'resources.outboundAllocation.fields.pickedQty',
];
const OPEN = [OutboundOrderStatus.ALLOCATED, OutboundOrderStatus.PICKING];

type Step = 'location' | 'sku' | 'qty' | 'short';
type Note = { severity: 'success' | 'info' | 'warning'; text: string; testId: string };

const placesOf = (tasks: PickTask[]) => tasks.map((t) => `${t.locationCode ?? '—'} (${t.qty})`).join(', ');

export const PickPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const lookup = useSkuLookup();
  const [orders, setOrders] = useState<PickOrder[]>([]);
  const [order, setOrder] = useState<PickOrder | null>(null);
  const [tasks, setTasks] = useState<PickTask[]>([]);
  const [step, setStep] = useState<Step>('location');
  const [location, setLocation] = useState('');
  const [sku, setSku] = useState('');
  const [qty, setQty] = useState('');
  const [error, setError] = useState<{ step: Step; text: string } | undefined>();
  const [notes, setNotes] = useState<Note[]>([]);
  const [unreserved, setUnreserved] = useState(0);
  const [busy, setBusy] = useState(false);
  const locationRef = useRef<HTMLInputElement>(null);
  const skuRef = useRef<HTMLInputElement>(null);
  const qtyRef = useRef<HTMLInputElement>(null);
  const shortRef = useRef<HTMLButtonElement>(null);

  const loadOrders = () =>
    Promise.all(OPEN.map((s) => floorApi.orders(dataProvider, s))).then(
      (lists) => setOrders(lists.flat()),
      () => setOrders([]),
    );
  useEffect(() => {
    void loadOrders();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dataProvider]);

  const current = tasks.find((t) => t.pickedQty < t.qty);
  const left = current ? current.qty - current.pickedQty : 0;

  const restart = (next: PickTask[]) => {
    setTasks(next);
    setStep('location');
    setLocation('');
    setSku('');
    setQty('');
    setError(undefined);
    focusStep(locationRef);
  };

  const open = async (found: PickOrder) => {
    setOrder(found);
    void loadOrders();
    setNotes([]);
    setUnreserved(0);
    restart(await floorApi.pickList(dataProvider, found.id));
  };

  const scan = useScanBox({ find: (code) => floorApi.scanOrder(dataProvider, code), onFound: (o) => void open(o).catch((e) => setNotes([{ severity: 'warning', text: errorMessage(e), testId: 'pick-load-error' }])), onMiss: () => setOrder(null) });

  const fail = (at: Step, text: string, ref: typeof locationRef) => {
    setError({ step: at, text });
    focusStep(ref);
  };

  const onLocation = () => {
    if (!current || !location.trim()) return;
    if (!sameCode(location, current.locationCode)) return fail('location', translate('app.floor.pick.wrong_location', { scanned: location.trim(), expected: current.locationCode ?? '—' }), locationRef);
    setError(undefined);
    setStep('sku');
    focusStep(skuRef);
  };

  const onSku = async () => {
    if (!current || !order || !sku.trim()) return;
    try {
      const hits = await lookup(sku, Number(order.ownerId), [current]);
      if (!hits.some((h) => h.id === current.skuId)) return fail('sku', translate('app.floor.pick.wrong_sku', { code: sku.trim(), sku: current.sku }), skuRef);
    } catch (e) {
      return fail('sku', errorMessage(e), skuRef);
    }
    setError(undefined);
    setQty(String(left));
    setStep('qty');
    focusStep(qtyRef);
  };

  const send = async (n: number, short: boolean) => {
    if (!current || !order || busy) return;
    setBusy(true);
    try {
      const r: PickResult = await floorApi.pick(dataProvider, { id: order.id, allocationId: current.id, locationCode: location.trim(), skuCode: sku.trim(), qty: n, ...(short ? { short: true } : {}) });
      const said: Note[] = [];
      if (short) {
        said.push({ severity: 'warning', text: translate('app.floor.pick.short_done', { location: current.locationCode ?? '', found: n, expected: left }), testId: 'pick-short-done' });
        if (r.offered.length) said.push({ severity: 'info', text: translate('app.floor.pick.offered', { places: placesOf(r.offered) }), testId: 'pick-offered' });
      } else said.push({ severity: 'success', text: translate('app.floor.pick.picked', { qty: n, sku: current.sku, location: current.locationCode ?? '' }), testId: 'pick-result' });
      setNotes(said);
      setUnreserved(r.unreserved);
      setOrder({ ...order, status: r.status });
      restart(r.tasks);
    } catch (e) {
      fail(step === 'short' ? 'qty' : step, errorMessage(e), qtyRef);
      setStep('qty');
    } finally {
      setBusy(false);
    }
  };

  const onQty = () => {
    const n = wholeNumber(qty, 0, left);
    if (n === undefined) return fail('qty', translate('app.floor.qty_short_rule', { max: left }), qtyRef);
    setError(undefined);
    if (n < left) {
      setStep('short');
      focusStep(shortRef);
      return;
    }
    void send(n, false);
  };

  const reallocate = async () => {
    if (!order) return;
    setBusy(true);
    try {
      const r = await floorApi.reallocate(dataProvider, order.id);
      setNotes([r.offered.length ? { severity: 'info', text: translate('app.floor.pick.offered', { places: placesOf(r.offered) }), testId: 'pick-offered' } : { severity: 'warning', text: translate('app.floor.pick.nothing_reserved'), testId: 'pick-nothing-reserved' }]);
      setUnreserved(r.unreserved);
      restart(r.tasks);
    } catch (e) {
      setNotes([{ severity: 'warning', text: errorMessage(e), testId: 'pick-reallocate-error' }]);
    } finally {
      setBusy(false);
    }
  };

  const errorAt = (s: Step) => (error?.step === s ? error.text : undefined);

  return (
    <Box sx={{ p: 2 }} data-testid="pick-exec">
      <Title title={translate('screens.pickExec')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate('screens.pickExec')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            select
            label={translate('app.floor.pick.open_orders')}
            value={order && orders.some((o) => o.id === order.id) ? order.id : ''}
            onChange={(e) => {
              const o = orders.find((x) => x.id === Number(e.target.value));
              if (o) void open(o);
            }}
            helperText=" "
            sx={{ width: 260 }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'pick-orders' } as object } }}
          >
            {orders.map((o) => (
              <MenuItem key={o.id} value={o.id} data-testid="pick-orders-option">
                {o.orderNo}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flex: 1 }}>
            <ScanField box={scan} label="app.shipping.scan" hint="app.shipping.scan_hint" testId="pick-scan" />
          </Box>
        </Box>
      </Paper>

      {order ? (
        <Paper sx={{ p: 2 }} data-testid="pick-order">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
            <Typography variant="subtitle1" data-testid="pick-order-no">
              {order.orderNo}
            </Typography>
            <PrintButton documents={['pickList']} id={order.id} testId="pick-print" variant="outlined" />
          </Box>
          {notes.map((n) => (
            <Alert key={n.testId} severity={n.severity} sx={{ mb: 1 }} data-testid={n.testId}>
              {n.text}
            </Alert>
          ))}
          {unreserved > 0 ? (
            <Alert
              severity="warning"
              sx={{ mb: 1 }}
              data-testid="pick-unreserved"
              action={
                <Button color="inherit" size="small" onClick={() => void reallocate()} disabled={busy} data-testid="pick-reallocate">
                  {translate('app.floor.pick.reallocate')}
                </Button>
              }
            >
              {translate('app.floor.pick.unreserved', { count: unreserved })}
            </Alert>
          ) : null}

          {current ? (
            <Box sx={{ mb: 2 }}>
              <Alert severity="info" icon={false} sx={{ mb: 2, fontSize: '1.1rem' }} data-testid="pick-go-to">
                {translate('app.floor.pick.go_to', { location: current.locationCode ?? '—', qty: left, sku: current.sku })}
              </Alert>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <StepField
                  inputRef={locationRef}
                  label="resources.location.fields.code"
                  value={location}
                  onChange={(v) => {
                    setLocation(v);
                    setStep('location');
                  }}
                  onEnter={onLocation}
                  error={errorAt('location')}
                  testId="pick-location"
                  autoFocus
                />
                <StepField inputRef={skuRef} label="app.floor.scan_sku" value={sku} onChange={setSku} onEnter={() => void onSku()} error={errorAt('sku')} testId="pick-sku" disabled={step === 'location'} />
                <StepField inputRef={qtyRef} label="resources.outboundAllocation.fields.pickedQty" value={qty} onChange={setQty} onEnter={onQty} error={errorAt('qty')} testId="pick-qty" number width={140} disabled={step === 'location' || step === 'sku' || busy} />
              </Box>
              {step === 'short' ? (
                <Alert
                  severity="warning"
                  data-testid="pick-short"
                  action={
                    <Box sx={{ display: 'flex', gap: 1 }}>
                      <Button ref={shortRef} variant="contained" color="warning" size="small" onClick={() => void send(Number(qty), true)} disabled={busy} data-testid="pick-short-confirm">
                        {translate('app.floor.pick.short_confirm')}
                      </Button>
                      <Button
                        size="small"
                        color="inherit"
                        onClick={() => {
                          setStep('qty');
                          focusStep(qtyRef);
                        }}
                      >
                        {translate('app.floor.pick.back')}
                      </Button>
                    </Box>
                  }
                >
                  {translate('app.floor.pick.short_title', { found: qty.trim(), qty: left, location: current.locationCode ?? '' })}
                </Alert>
              ) : null}
            </Box>
          ) : tasks.length ? (
            <Alert
              severity="success"
              sx={{ mb: 2 }}
              data-testid="pick-all-done"
              action={
                <Button component={Link} to={`${SHIPPING_ROUTE}?code=${encodeURIComponent(order.orderNo)}`} color="inherit" size="small" data-testid="pick-to-shipping">
                  {translate('app.floor.pick.to_shipping')}
                </Button>
              }
            >
              {translate('app.floor.pick.all_picked', { no: order.orderNo })}
            </Alert>
          ) : (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="pick-no-tasks">
              {translate('app.floor.pick.no_tasks', { no: order.orderNo })}
            </Alert>
          )}

          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('app.floor.pick.tasks')}
          </Typography>
          <Table size="small" data-testid="pick-tasks">
            <TableHead>
              <TableRow>
                {HEADS.map((k) => (
                  <TableCell key={k}>{translate(k)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {tasks.map((t) => (
                <TableRow key={t.id} selected={t.id === current?.id} data-testid="pick-task" data-done={String(t.pickedQty >= t.qty)}>
                  <TableCell data-testid="pick-task-location">{t.locationCode ?? '—'}</TableCell>
                  <TableCell>{t.sku}</TableCell>
                  <TableCell>{t.skuName}</TableCell>
                  <TableCell>{t.batchNo || '—'}</TableCell>
                  <TableCell data-testid="pick-task-qty">{t.qty}</TableCell>
                  <TableCell data-testid="pick-task-picked">{t.pickedQty}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
    </Box>
  );
};
