/**
 * /func/create_waybill (issue 17; spec 2.3, code outbound:waybill): pick an outbound order by scanning or typing
 * its number (or arrive with `?orderId=` from the outbound list or the pack step), fill the waybill form
 * prefilled from the order, choose the carrier configuration and create; the waybill number and carrier land
 * on the order, the label PDF can be downloaded (the stored file) and printed. Below: the order's waybill
 * requests with their state and the carrier's tracking history; a waybill can be cancelled there.
 */
import { useCallback, useEffect, useState } from 'react';
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
import { useSearchParams } from 'react-router-dom';
import { apiPaths } from '../../../../generated/client/api';
import { WaybillStatus } from '../../../../generated/shared/enums';
import { WAYBILL_STATES } from '../../../shared/waybills';
import { useEnumLabel } from '../../kit/cells';
import { callOf } from '../../kit/documentApi';
import { ConfirmedAction } from '../../widgets/ConfirmedAction';
import { errorMessage } from '../../widgets/errorMessage';
import { ScanField, useScanBox } from '../../widgets/ScanField';
import { StoredFileButton } from '../../widgets/StoredFileButton';
import { WaybillForm, type WaybillOrder } from './WaybillForm';
import { labelUrl, waybillApi, type TrackEventRecord, type WaybillRecord } from './waybillApi';

type Order = WaybillOrder & { status: number; waybillNo: string | null; logisticsCompany: string | null; status3pl: string | null };


export const CreateWaybillPage = () => {
  const translate = useTranslate();
  const enumText = useEnumLabel();
  const dp = useDataProvider();
  const [params, setParams] = useSearchParams();
  const [order, setOrder] = useState<Order | null>(null);
  const [history, setHistory] = useState<{ waybills: WaybillRecord[]; events: TrackEventRecord[] } | null>(null);
  const [failure, setFailure] = useState<string>();

  const load = useCallback(async (id: number) => {
    try {
      const o = await callOf(dp)<Order>(`${apiPaths.outboundOrder}/detail`, { id });
      setOrder(o);
      setHistory(await waybillApi.ofOrder(dp, id));
      setFailure(undefined);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  }, [dp]);

  const box = useScanBox<Order>({
    find: async (code) => {
      for (const field of ['orderNo', 'platformOrderNo']) {
        const [hit] = await callOf(dp)<Order[]>(`${apiPaths.outboundOrder}/list`, { [field]: code });
        if (hit) return hit;
      }
      throw new Error(translate('app.waybill.not_found', { code }));
    },
    onFound: (o) => { void load(o.id); },
  });

  const fromLink = Number(params.get('orderId'));
  useEffect(() => {
    if (!fromLink) return;
    void load(fromLink);
    const next = new URLSearchParams(params);
    next.delete('orderId');
    setParams(next, { replace: true });
    // only a new ?orderId= counts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fromLink]);

  const created = history?.waybills.find((w) => w.status === WaybillStatus.CREATED && w.waybillNo === order?.waybillNo);
  return (
    <Box sx={{ p: 2, maxWidth: 1100 }} data-testid="waybill-page">
      <Title title={translate('screens.createWaybill')} />
      <ScanField box={box} label="app.waybill.scan" hint="app.waybill.scan_hint" testId="waybill-scan" />
      {failure ? <Alert severity="error" sx={{ mt: 2 }}>{failure}</Alert> : null}
      {order ? (
        <Paper sx={{ p: 2, mt: 2 }}>
          <Typography variant="h6" data-testid="waybill-order">
            {translate('app.waybill.order', { no: order.orderNo ?? '', status: enumText('OutboundOrderStatus', order.status) })}
          </Typography>
          {created ? (
            <Box sx={{ mt: 1 }}>
              <Alert severity="success" data-testid="waybill-result">
                {translate('app.waybill.created', { no: created.waybillNo ?? '', carrier: order.logisticsCompany ?? '' })}
              </Alert>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mt: 1 }}>
                <Typography>{translate('resources.waybill.fields.waybillNo')}: <b data-testid="waybill-number">{created.waybillNo}</b></Typography>
                {created.labelFile ? (
                  <StoredFileButton variant="contained" fileUrl={labelUrl(created.labelFile)} data-testid="waybill-download">{translate('app.waybill.download')}</StoredFileButton>
                ) : null}
                <ConfirmedAction
                  label="app.waybill.cancel_waybill" title="app.waybill.cancel_waybill" content="app.waybill.cancel_confirm" translateOptions={{ no: created.waybillNo }}
                  color="error" testId="waybill-cancel" successMessage="app.waybill.cancel_waybill"
                  action={() => waybillApi.cancel(dp, created.id)} after={() => void load(order.id)}
                />
              </Box>
            </Box>
          ) : WAYBILL_STATES.includes(order.status) ? (
            <Box sx={{ mt: 2 }}>
              <WaybillForm key={order.id} order={order} onCreated={() => void load(order.id)} />
            </Box>
          ) : (
            <Alert severity="info" sx={{ mt: 1 }}>{translate('app.waybill.state_hint')}</Alert>
          )}
        </Paper>
      ) : null}
      {order && history ? <WaybillHistory history={history} onCancel={async (id) => { await waybillApi.cancel(dp, id); await load(order.id); }} /> : null}
    </Box>
  );
};

/** The order's waybill requests (state, number, carrier status or message) and each one's tracking scans. */
const WaybillHistory = ({ history, onCancel }: { history: { waybills: WaybillRecord[]; events: TrackEventRecord[] }; onCancel: (id: number) => Promise<void> }) => {
  const translate = useTranslate();
  const enumText = useEnumLabel();
  const f = (field: string) => translate(`resources.waybill.fields.${field}`);
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="waybill-history">
      <Typography variant="subtitle1">{translate('app.waybill.history')}</Typography>
      {history.waybills.length === 0 ? <Typography color="text.secondary">{translate('app.waybill.no_history')}</Typography> : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {['addDate', 'configId', 'status', 'waybillNo', 'status3pl', 'message'].map((c) => <TableCell key={c}>{f(c)}</TableCell>)}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {history.waybills.map((w) => (
              <TableRow key={w.id} data-testid="waybill-history-row">
                <TableCell>{new Date(w.addDate).toLocaleString()}</TableCell>
                <TableCell>{w.configName}</TableCell>
                <TableCell>{enumText('WaybillStatus', w.status)}</TableCell>
                <TableCell>{w.waybillNo}</TableCell>
                <TableCell>{w.status3pl}</TableCell>
                <TableCell>{w.message}</TableCell>
                <TableCell>
                  {w.status === WaybillStatus.UNKNOWN || w.status === WaybillStatus.FAILED ? (
                    <Button size="small" color="error" onClick={() => void onCancel(w.id)}>{translate('app.waybill.cancel_waybill')}</Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {history.events.length ? (
        <Table size="small" sx={{ mt: 2 }} data-testid="waybill-events">
          <TableBody>
            {history.events.map((e) => (
              <TableRow key={`${e.waybillId}-${e.at}-${e.code}`}>
                <TableCell>{new Date(e.at).toLocaleString()}</TableCell>
                <TableCell>{e.code}</TableCell>
                <TableCell>{e.description}</TableCell>
                <TableCell>{e.location}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Paper>
  );
};
