/**
 * The outbound list's waybill buttons (resources.yaml outboundOrder.screen), registered once (imported as
 * ../widgets.ts says):
 * - row `createWaybill`, for holders of outbound:waybill: opens /func/create_waybill with the order, labelled
 *   "Create waybill" while it is allocated, picking or packed and has no waybill, "Waybills" (its waybill,
 *   label and tracking history) once it has one;
 * - bulk `bulkWaybills`: waybills for the selected orders from their own fields with one carrier
 *   configuration (BulkWaybillDialog).
 */
import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { WAYBILL_STATES } from '../../../shared/waybills';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerBulk, registerRow } from '../../kit/screen/registry';
import { hasCode } from '../../providers/access';
import { Permitted } from '../../widgets/Permitted';
import { CREATE_WAYBILL_ROUTE } from './routes';
import { WAYBILL_CODE } from './waybillApi';

/** The bulk dialog (and the waybill form it shares with the pack step) loads when first opened: not with every list. */
const BulkWaybillDialog = lazy(() => import('./BulkWaybillDialog').then((m) => ({ default: m.BulkWaybillDialog })));

registerRow('createWaybill', ({ screen, record }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions();
  const open = WAYBILL_STATES.includes(Number(record.status)) && !record.waybillNo;
  if ((!open && !record.waybillNo) || !hasCode(permissions, WAYBILL_CODE)) return null;
  return <RowActionButton label={translate(open ? 'screens.createWaybill' : 'resources.waybill.name')} onClick={() => navigate(`${CREATE_WAYBILL_ROUTE}?orderId=${record.id}`)} testId={testIdOf(screen.names, open ? 'row-create-waybill' : 'row-waybills')} />;
});

registerBulk('bulkWaybills', ({ screen, ids, disabled, done }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Permitted codes={WAYBILL_CODE}>
      <Button variant="outlined" size="small" startIcon={<LocalShippingIcon />} disabled={disabled} onClick={() => setOpen(true)} data-testid={testIdOf(screen.names, 'bulk-waybills')}>
        {translate('app.waybill.bulk.button')}
      </Button>
      {open ? <Suspense fallback={null}><BulkWaybillDialog ids={ids.map(Number)} onClose={() => { setOpen(false); done(); }} /></Suspense> : null}
    </Permitted>
  );
});
