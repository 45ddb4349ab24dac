/**
 * The shipping screen (spec 2.3 /func/normal_outbound_exec, code outbound:allocate; issue 5):
 * - a scan box (widgets/ScanField: auto-focused, `?code=` looked up on arrival): Enter looks the order up by order,
 *   platform order, package or waybill number through /scan {code}; a miss or an ambiguous code shows the
 *   server msg (spec 8 "outbound order does not exist", "multiple outbound orders found", "multiple packages
 *   found");
 * - the order card (ShippingOrderCard): header, lines with allocated quantities, packages
 *   (/outbound-package/page {orderId});
 * - while the order can be packed, a line scan box (widgets/LineScanField, issue 27 item 8) checks the goods
 *   picked / packed: a SKU, supplier SKU, platform SKU or barcode counts 1 (`3*CODE` 3) on its line; more than
 *   ordered, codes of no SKU of the owner and SKUs not on the order are refused at the scan. Once a count has
 *   started, Pack and Ship wait until every line is scanned in full ("Clear count" starts again); /pack and
 *   /ship take no quantities (spec 7), so the count is the clerk's check, not sent;
 * - the buttons the order's state allows (manifest workflow via actionsFrom) and the user's codes permit:
 *   Allocate, Start picking, Add package (PackageDialog, while packages may change), Pack (PackOrderDialog:
 *   waybill, carrier, weight kg), Ship (after a confirmation). Each shows the order's new state or the
 *   server's message; after Ship the screen says "Shipped", clears and focuses the scan box for the next order.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Title, useDataProvider, useNotify, usePermissions, useTranslate } from 'react-admin';
import { actionsFrom } from '../../../shared/workflow';
import { ConfirmedAction } from '../../widgets/ConfirmedAction';
import { permits } from '../../widgets/Permitted';
import { errorMessage } from '../../widgets/errorMessage';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { LineScanField, ScanProgressBar, type ScanFeedback } from '../../widgets/LineScanField';
import { countMessage, countScan, scanProgress, type CountLine, type ScanInput } from '../../widgets/lineScan';
import { useSkuLookup } from '../../widgets/skuByCode';
import { useEnumLabel } from '../../kit/cells';
import { PACKAGE_KINDS, packagesOpen, type PackageRecord } from '../packages/constants';
import { PackageDialog } from '../packages/PackageDialog';
import { packageApi } from '../packages/packageApi';
import { OUTBOUND_WORKFLOW, SHIPPING_ACTIONS, type OutboundRecord, type PackBody, type ShippingAction } from './constants';
import { PackOrderDialog } from './PackOrderDialog';
import { ShippingOrderCard } from './ShippingOrderCard';
import { shippingApi } from './shippingApi';

const PACKAGES = PACKAGE_KINDS.outbound;

type Dialog = { kind: 'pack' } | { kind: 'package'; pkg?: PackageRecord } | null;
type Result = { key: 'now' | 'shipped'; no: string; status: number };

/** The lines as the scan counting sees them: counted against the ordered quantity. */
const countLinesOf = (order: OutboundRecord, counts: readonly number[]): CountLine[] =>
  (order.lines ?? []).map((l, i) => ({ skuId: Number(l.skuId), sku: l.sku, limit: Number(l.qty), done: 0, counted: counts[i] ?? 0 }));

export const ShippingPage = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const enumText = useEnumLabel();
  const { permissions } = usePermissions();
  const [order, setOrder] = useState<OutboundRecord | null>(null);
  const [packages, setPackages] = useState<PackageRecord[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const lookup = useSkuLookup();
  const [counts, setCounts] = useState<number[]>([]);
  // the latest values for scans handled between renders
  const orderRef = useRef<OutboundRecord | null>(null);
  const countsRef = useRef<number[]>([]);
  const putCounts = (next: number[]) => {
    countsRef.current = next;
    setCounts(next);
  };

  const loadPackages = async (orderId: number) => {
    try {
      setPackages(await packageApi.ofOrder(dataProvider, PACKAGES, orderId));
    } catch (e) {
      setActionError(errorMessage(e));
    }
  };

  const show = (found: OutboundRecord | null) => {
    orderRef.current = found;
    putCounts([]);
    setOrder(found);
    setPackages(null);
    if (found) void loadPackages(found.id);
  };

  const scan = useScanBox({
    find: (code) => shippingApi.scan(dataProvider, code),
    onFound: show,
    onStart: () => {
      setResult(undefined);
      setActionError(undefined);
    },
    onMiss: () => show(null),
  });

  const clear = () => {
    show(null);
    scan.setCode('');
    setActionError(undefined);
    scan.focus();
  };

  /** Runs one step on the order in view; rejects with the server msg (shown on the screen too). */
  const run = async (action: ShippingAction, body?: PackBody): Promise<void> => {
    if (!order) return;
    setBusy(true);
    setActionError(undefined);
    setResult(undefined);
    try {
      const after = await shippingApi.act(dataProvider, action, body ?? { id: order.id });
      const no = String(after?.orderNo ?? order.orderNo ?? '');
      const status = Number(after?.status);
      if (action === 'ship') {
        setResult({ key: 'shipped', no, status });
        show(null);
        scan.setCode('');
        scan.focus();
        return;
      }
      setResult({ key: 'now', no, status });
      orderRef.current = { ...after, package: order.package };
      setOrder(orderRef.current);
      setDialog(null);
      void loadPackages(order.id);
    } catch (e) {
      setActionError(errorMessage(e));
      throw e;
    } finally {
      setBusy(false);
    }
  };

  /** A plain step button: success is notified, a refusal too (it stays on the screen). */
  const press = (action: ShippingAction) => () =>
    run(action).then(
      () => notify('app.shipping.done', { type: 'success' }),
      (e) => notify(errorMessage(e), { type: 'error' }),
    );

  /** One line scan: counts on its line or refuses (see module doc). */
  const scanLine = async ({ code, qty }: ScanInput): Promise<ScanFeedback> => {
    const current = orderRef.current;
    const gone = () => ({ ok: false, message: translate('wms.widgets.lineScan.no_order', { code }) });
    if (!current) return gone();
    const hits = await lookup(code, Number(current.ownerId), (current.lines ?? []).map((l) => ({ skuId: Number(l.skuId), sku: l.sku, skuName: l.skuName })));
    if (orderRef.current?.id !== current.id) return gone();
    const lines = countLinesOf(current, countsRef.current);
    const result = countScan(lines, hits.map((h) => h.id), qty);
    if (result.ok) putCounts(lines.map((l, i) => (i === result.index ? result.counted : l.counted)));
    const m = countMessage(result, code, qty, lines, hits, 'over_ordered');
    return { ok: m.ok, message: translate(`wms.widgets.lineScan.${m.key}`, m.params) };
  };
  const scanTotal = order ? scanProgress(countLinesOf(order, counts)) : undefined;
  /** A count has started and is not complete: Pack and Ship wait. */
  const countOpen = Boolean(scanTotal && scanTotal.reached > 0 && !scanTotal.complete);

  const status = Number(order?.status);
  const allowed = order
    ? actionsFrom(OUTBOUND_WORKFLOW, status).filter((a) => (SHIPPING_ACTIONS as readonly string[]).includes(a.name) && permits(permissions, a.code))
    : [];
  const can = (name: ShippingAction) => allowed.some((a) => a.name === name);
  const canPackages = Boolean(order) && packagesOpen(PACKAGES, status) && permits(permissions, PACKAGES.writeCode);
  const actionLabel = (name: string) => translate(`resources.outboundOrder.actions.${name}`);

  return (
    <Box sx={{ p: 2 }} data-testid="shipping-exec">
      <Title title={translate('screens.normalOutboundExec')} />
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" sx={{ mb: 1.5 }}>
          {translate('screens.normalOutboundExec')}
        </Typography>
        <ScanField box={scan} label="app.shipping.scan" hint="app.shipping.scan_hint" testId="shipping-scan" />
        {result ? (
          <Alert severity="success" sx={{ mt: 1.5 }} data-testid="shipping-result" data-status={String(result.status)}>
            {translate(`app.shipping.result.${result.key}`, { no: result.no, status: enumText('OutboundOrderStatus', result.status) })}
          </Alert>
        ) : null}
      </Paper>

      {scan.busy ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
          <CircularProgress size={28} />
        </Box>
      ) : null}

      {order ? (
        <Paper sx={{ p: 2 }}>
          <ShippingOrderCard
            order={order}
            packages={packages}
            onEditPackage={canPackages ? (pkg) => setDialog({ kind: 'package', pkg }) : undefined}
            counts={can('pack') || counts.length ? counts : undefined}
            scan={
              can('pack') && scanTotal ? (
                <>
                  <LineScanField key={order.id} onScan={scanLine} hint="wms.widgets.lineScan.hint_pack" testId="shipping-line-scan" disabled={busy} />
                  <ScanProgressBar reached={scanTotal.reached} planned={scanTotal.planned} testId="shipping-scan-progress" />
                </>
              ) : undefined
            }
          >
            {allowed.length === 0 && !canPackages ? (
              <Alert severity="warning" sx={{ flex: '1 1 100%' }} data-testid="shipping-nothing-to-do">
                {translate('app.shipping.nothing_to_do', { no: order.orderNo ?? '', status: enumText('OutboundOrderStatus', status) })}
              </Alert>
            ) : null}
            {actionError ? (
              <Alert severity="error" sx={{ flex: '1 1 100%' }} data-testid="shipping-action-error">
                {actionError}
              </Alert>
            ) : null}
            {can('allocate') ? (
              <Button variant="contained" onClick={press('allocate')} disabled={busy} data-testid="shipping-allocate">
                {actionLabel('allocate')}
              </Button>
            ) : null}
            {can('pick') ? (
              <Button variant="outlined" onClick={press('pick')} disabled={busy} data-testid="shipping-pick">
                {actionLabel('pick')}
              </Button>
            ) : null}
            {canPackages ? (
              <Button variant="outlined" onClick={() => setDialog({ kind: 'package' })} disabled={busy} data-testid="shipping-add-package">
                {translate('app.shipping.action.add_package')}
              </Button>
            ) : null}
            {countOpen && scanTotal ? (
              <Alert severity="info" sx={{ flex: '1 1 100%' }} data-testid="shipping-count-open">
                {translate('wms.widgets.lineScan.incomplete', { reached: scanTotal.reached, planned: scanTotal.planned })}
              </Alert>
            ) : null}
            {can('pack') ? (
              <Button variant="outlined" onClick={() => setDialog({ kind: 'pack' })} disabled={busy || countOpen} data-testid="shipping-pack">
                {actionLabel('pack')}
              </Button>
            ) : null}
            {can('ship') && !countOpen ? (
              <Box>
                <ConfirmedAction
                  variant="contained"
                  size="medium"
                  label="resources.outboundOrder.actions.ship"
                  title="app.shipping.ship.title"
                  content="app.shipping.ship.content"
                  translateOptions={{ no: order.orderNo ?? '' }}
                  color="success"
                  testId="shipping-ship"
                  successMessage="app.shipping.done"
                  action={() => run('ship')}
                  after={scan.focus}
                />
              </Box>
            ) : null}
            <Box sx={{ flex: '1 1 auto' }} />
            {counts.some((c) => c > 0) ? (
              <Button onClick={() => putCounts([])} disabled={busy} data-testid="shipping-clear-count">
                {translate('wms.widgets.lineScan.clear')}
              </Button>
            ) : null}
            <Button onClick={clear} disabled={busy} data-testid="shipping-clear">
              {translate('app.shipping.action.clear')}
            </Button>
          </ShippingOrderCard>
        </Paper>
      ) : null}

      {order && dialog?.kind === 'pack' ? (
        <PackOrderDialog order={order} hasPackages={Boolean(packages?.length)} onClose={() => setDialog(null)} onPack={(body) => run('pack', body)} />
      ) : null}
      {order && dialog?.kind === 'package' ? (
        <PackageDialog
          kind="outbound"
          order={{ id: order.id, orderNo: order.orderNo, status, lines: order.lines }}
          package={dialog.pkg}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void loadPackages(order.id);
          }}
        />
      ) : null}
    </Box>
  );
};
