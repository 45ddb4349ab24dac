/**
 * The order and package screens' hand-written pieces (resources.yaml `inboundOrder`, `outboundOrder` and the
 * package screens), registered once:
 * - column `plannedReceived`: an inbound order's planned / received totals;
 * - row `inboundReceive`: opens the receiving screen of the order's type with the order looked up (spec 2.3 /func);
 * - row `createPackage` (+ its dialog): a package of the order while packages may be made (PackageDialog);
 * - columns `receiver` (name over phone), `region` (country / city), `allocatedQty` (outbound orders);
 * - column `totalQty`: the record's total quantity (outbound orders, packages);
 * - row `outboundPack` (+ its dialog): the shipping screen's pack dialog (waybill, carrier, weight);
 * - top `orderImport`: import orders of the view's type from the xlsx template;
 * Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { hasCode } from '../../providers/access';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerColumn, registerRow, registerTop } from '../../kit/screen/registry';
import type { Screen } from '../../kit/screen/spec';
import { testIdOf } from '../../kit/names';
import { widgetDialogKind } from '../../kit/screen/registry';
import { OrderImportListButton } from '../orderImport';
import type { OrderImportKind } from '../orderImport/constants';
import { PackageDialog } from '../packages/PackageDialog';
import { PACKAGE_KINDS, packagesOpen, type PackageKind } from '../packages/constants';
import { kindOf } from '../inbound/constants';
import { OutboundPackDialog } from '../outbound/OutboundPackDialog';

/** inbound | outbound: the order kind of a screen's resource (inboundOrder, outboundOrder). */
const orderKind = (screen: Screen): PackageKind & OrderImportKind => (screen.resource.startsWith('inbound') ? 'inbound' : 'outbound');

registerColumn('plannedReceived', () => {
  const record = useRecordContext();
  return (
    <span data-testid="inbound-qty" style={{ whiteSpace: 'nowrap' }}>
      {`${record?.plannedQty ?? 0} / ${record?.receivedQty ?? 0}`}
    </span>
  );
});

registerRow('inboundReceive', ({ screen, record, action }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const route = kindOf(Number(record.type)).execRoute;
  return <RowActionButton label={translate(`resources.${screen.resource}.actions.${action}`)} color="success" onClick={() => navigate(`${route}?code=${encodeURIComponent(String(record.orderNo ?? ''))}`)} testId={testIdOf(screen.names, `row-${action}`)} />;
});

registerRow(
  'createPackage',
  ({ screen, record, ui }) => {
    const translate = useTranslate();
    const { permissions } = usePermissions();
    const spec = PACKAGE_KINDS[orderKind(screen)];
    if (!packagesOpen(spec, record.status) || !hasCode(permissions, spec.writeCode)) return null;
    return <RowActionButton label={translate('app.packages.action.create')} onClick={() => ui.open({ kind: widgetDialogKind('createPackage'), record })} testId={testIdOf(screen.names, 'row-create-package')} />;
  },
  ({ screen, record, ui }) => <PackageDialog kind={orderKind(screen)} order={{ id: record.id as number, orderNo: record.orderNo }} onClose={ui.close} onSaved={ui.reload} />,
);

registerColumn('receiver', () => {
  const record = useRecordContext();
  return (
    // one line (issue 27: a row is one line of text high): the name, then the phone in grey
    <Box data-testid="outbound-receiver" sx={{ whiteSpace: 'nowrap' }}>
      <Typography component="span" variant="body2">{record?.receiverName ?? ''}</Typography>
      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
        {record?.receiverPhone ?? ''}
      </Typography>
    </Box>
  );
});

registerColumn('region', () => {
  const record = useRecordContext();
  return (
    <span data-testid="outbound-region" style={{ whiteSpace: 'nowrap' }}>
      {[record?.countryCode, record?.city].filter(Boolean).join(' / ')}
    </span>
  );
});

/** A record's total quantity (the page call's `qty`: an outbound order's lines, a package's contents). */
registerColumn('totalQty', () => <span>{useRecordContext()?.qty ?? 0}</span>);

/** What the allocation locked for a line (view dialog). */
registerColumn('allocatedQty', () => <span data-testid="outbound-view-allocated">{useRecordContext()?.allocatedQty ?? 0}</span>);

registerRow(
  'outboundPack',
  ({ screen, record, ui, action }) => {
    const translate = useTranslate();
    return <RowActionButton label={translate(`resources.${screen.resource}.actions.${action}`)} onClick={() => ui.open({ kind: widgetDialogKind('outboundPack'), record })} testId={testIdOf(screen.names, `row-${action}`)} />;
  },
  ({ record, ui }) => <OutboundPackDialog record={record} onClose={ui.close} onDone={ui.reload} />,
);

// a view without Add (a transfer's orders: docs/transfers.md) imports nothing either
registerTop('orderImport', ({ screen }) => (screen.view.add === false ? null : <OrderImportListButton kind={orderKind(screen)} type={Number(screen.view.filter.type)} />));
