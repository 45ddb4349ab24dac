/**
 * The outbound list's Pack step (resources.yaml outboundOrder.screen `pack: { widget: outboundPack }`): the
 * shipping screen's pack dialog (waybill, carrier, weight), told whether the order has packages already.
 */
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, type RaRecord } from 'react-admin';
import { callOf } from '../../kit/documentApi';
import { PACKAGE_KINDS } from '../packages/constants';
import { PackOrderDialog, type PackOrderDialogProps } from '../shipping/PackOrderDialog';
import { outboundApi } from './outboundApi';

/** The list's Pack step: the shipping screen's pack dialog (waybill, carrier, weight), told whether packages exist. */
export const OutboundPackDialog = ({ record, onClose, onDone }: { record: RaRecord; onClose: () => void; onDone: () => void }) => {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [packages, setPackages] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void callOf(dataProvider)<{ total: number }>(PACKAGE_KINDS.outbound.path + '/page', { orderId: record.id, size: 1 })
      .then((p) => live && setPackages(Number(p.total)), () => live && setPackages(0));
    return () => { live = false; };
  }, [dataProvider, record.id]);
  if (packages === null) return null;
  return (
    <PackOrderDialog
      order={record as unknown as PackOrderDialogProps['order']}
      hasPackages={packages > 0}
      onClose={onClose}
      onPack={async ({ id: _id, ...extra }) => {
        await outboundApi.action(dataProvider, 'pack', record.id, extra);
        notify('wms.doc.success', { type: 'success' });
        onDone();
      }}
    />
  );
};

