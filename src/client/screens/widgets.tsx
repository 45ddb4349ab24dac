/**
 * The hand-written pieces the manifest's screens name (resources.yaml `screen:` widgets), registered once:
 * - column `plannedReceived`: an inbound order's planned / received totals;
 * - row `inboundReceive`: opens the receiving screen of the order's type with the order looked up (spec 2.3 /func);
 * - row `createPackage` (+ its dialog): a package of the order while packages may be made (PackageDialog);
 * - top `orderImport`: import orders of the view's type from the xlsx template.
 * Imported for its side effect by DocumentScreen.
 */
import Button from '@mui/material/Button';
import { usePermissions, useRecordContext, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { hasCode } from '../providers/access';
import { registerColumn, registerRow, registerTop } from './documents/screen/registry';
import type { Screen } from './documents/screen/spec';
import { testIdOf } from './documents/names';
import { widgetDialogKind } from './documents/screen/registry';
import { OrderImportListButton } from './orderImport';
import type { OrderImportKind } from './orderImport/constants';
import { PackageDialog } from './packages/PackageDialog';
import { PACKAGE_KINDS, packagesOpen, type PackageKind } from './packages/constants';
import { kindOf } from './inbound/constants';

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
  return (
    <Button size="small" color="success" onClick={() => navigate(`${route}?code=${encodeURIComponent(String(record.orderNo ?? ''))}`)} data-testid={testIdOf(screen.names, `row-${action}`)}>
      {translate(`resources.${screen.resource}.actions.${action}`)}
    </Button>
  );
});

registerRow(
  'createPackage',
  ({ screen, record, ui }) => {
    const translate = useTranslate();
    const { permissions } = usePermissions();
    const spec = PACKAGE_KINDS[orderKind(screen)];
    if (!packagesOpen(spec, record.status) || !hasCode(permissions, spec.writeCode)) return null;
    return (
      <Button size="small" onClick={() => ui.open({ kind: widgetDialogKind('createPackage'), record })} data-testid={testIdOf(screen.names, 'row-create-package')}>
        {translate('app.packages.action.create')}
      </Button>
    );
  },
  ({ screen, record, ui }) => <PackageDialog kind={orderKind(screen)} order={{ id: record.id as number, orderNo: record.orderNo }} onClose={ui.close} onSaved={ui.reload} />,
);

registerTop('orderImport', ({ screen }) => <OrderImportListButton kind={orderKind(screen)} type={Number(screen.view.filter.type)} />);
