/**
 * Waybills for the selected outbound orders (issue 17; POST /sapi/wms/waybill/bulkCreate): one carrier
 * configuration for all (each order's warehouse must have it), each order's own receiver, COD, insurance and
 * weight; one line per order with its waybill number or the reason in words. The request key is made once
 * per dialog, so sending again makes no second waybill for an order that got one.
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useDataProvider, useTranslate } from 'react-admin';
import { apiPaths } from '../../../../generated/client/api';
import { callOf } from '../../kit/documentApi';
import { errorMessage } from '../../widgets/errorMessage';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { newRequestKey } from './WaybillForm';
import { waybillApi, type BulkLine, type CarrierConfigRecord } from './waybillApi';

export const BulkWaybillDialog = ({ ids, onClose }: { ids: number[]; onClose: () => void }) => {
  const translate = useTranslate();
  const dp = useDataProvider();
  const requestKey = useMemo(newRequestKey, []);
  const [configs, setConfigs] = useState<CarrierConfigRecord[]>([]);
  const [configId, setConfigId] = useState('');
  const [lines, setLines] = useState<BulkLine[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void callOf(dp)<CarrierConfigRecord[]>(`${apiPaths.carrierConfig}/list`, {}).then((list) => {
      if (!live) return;
      setConfigs(list);
      const first = list.find((c) => c.isDefault) ?? list[0];
      if (first) setConfigId(String(first.id));
    }, (e) => live && setFailure(errorMessage(e)));
    return () => { live = false; };
  }, [dp]);
  const run = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      setLines(await waybillApi.bulkCreate(dp, { ids, configId: Number(configId), requestKey }));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <WideDialog
      onClose={onClose}
      busy={busy}
      width={720}
      title={translate('app.waybill.bulk.title', { count: ids.length })}
      testId="bulk-waybill-dialog"
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="app.waybill.back" label="app.waybill.bulk.run" onConfirm={run} busy={busy} disabled={!configId} testId="bulk-waybill-run" />}
    >
      <Alert severity="info" sx={{ mb: 2 }}>{translate('app.waybill.bulk.hint')}</Alert>
      <TextField select fullWidth size="small" label={translate('resources.waybill.fields.configId')} value={configId} onChange={(e) => setConfigId(e.target.value)} disabled={busy} slotProps={{ htmlInput: { 'data-testid': 'bulk-waybill-config' } }}>
        {configs.map((c) => <MenuItem key={c.id} value={String(c.id)}>{c.name}</MenuItem>)}
      </TextField>
      {failure ? <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert> : null}
      {lines ? (
        <>
          <Alert severity={lines.every((l) => l.waybillNo) ? 'success' : 'warning'} sx={{ mt: 2 }} data-testid="bulk-waybill-summary">
            {translate('app.waybill.bulk.done', { ok: lines.filter((l) => l.waybillNo).length, count: lines.length })}
          </Alert>
          <Table size="small" sx={{ mt: 1 }}>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.orderId} data-testid="bulk-waybill-line">
                  <TableCell>{l.orderNo ?? `#${l.orderId}`}</TableCell>
                  <TableCell>{l.waybillNo ?? l.message}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      ) : null}
    </WideDialog>
  );
};
