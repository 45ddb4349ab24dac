/**
 * The waybill creation form (issue 17; spec 3 creation fields): the carrier configuration of the order's
 * warehouse (the default picked), receiver name, phones, email, country, province, city, postcode, address,
 * cash on delivery and currency, insurance, open box, weight (kg) and parcels, prefilled from the order (and
 * the weight from its packages). Checked by the manifest's waybill rules before sending, so messages name the
 * field like the server's. Money is typed in the currency (125.50) and sent in cents.
 *
 * One request key per form: sending again after an error or a timeout is the same request, so the server
 * never makes a second waybill for it (docs/waybills.md).
 */
import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { enumValues } from '../../../../generated/shared/enums';
import { waybillMeta } from '../../../../generated/shared/resources/waybill';
import { schemas } from '../../../../generated/shared/schemas';
import type { ResourceSpec } from '../../../shared/resource-meta';
import { callOf } from '../../kit/documentApi';
import { errorMessage } from '../../widgets/errorMessage';
import { textToCents } from '../../widgets/money';
import { checkFields } from '../packages/formSchema';
import { waybillApi, type CarrierConfigRecord, type WaybillRecord } from './waybillApi';

/** What the form reads from the order. */
export interface WaybillOrder {
  id: number; orderNo?: string | null; warehouseId: number;
  receiverName?: string | null; receiverPhone?: string | null; receiverEmail?: string | null; countryCode?: string | null; province?: string | null;
  city?: string | null; postcode?: string | null; address?: string | null; codAmount?: number | null; codCurrency?: number | null;
  insured?: boolean | null; insuredAmount?: number | null; insuredCurrency?: number | null;
}

const TEXT_FIELDS = ['receiverName', 'receiverPhone', 'receiverPhone2', 'receiverEmail', 'countryCode', 'province', 'city', 'postcode', 'address'] as const;
const MONEY = ['codAmount', 'insuredAmount'] as const;
const CURRENCY = ['codCurrency', 'insuredCurrency'] as const;

/** A request key: a random UUID (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newRequestKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const units = (cents: number | null | undefined) => (cents ? (cents / 100).toFixed(2) : '');
/** The typed amount in cents, unrounded (more than 2 decimals are refused by the money rule); NaN when no number. */
const cents = (text: string) => (text.trim() === '' ? null : textToCents(text) ?? Number.NaN);

export const WaybillForm = ({ order, onCreated, onCancel, testId = 'waybill-form' }: { order: WaybillOrder; onCreated: (w: WaybillRecord) => void; onCancel?: () => void; testId?: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dp = useDataProvider();
  const requestKey = useMemo(newRequestKey, []);
  const meta = waybillMeta as ResourceSpec;
  const [configs, setConfigs] = useState<CarrierConfigRecord[] | null>(null);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    configId: '', receiverPhone2: '', weight: '', parcels: '1',
    ...Object.fromEntries(TEXT_FIELDS.filter((f) => f !== 'receiverPhone2').map((f) => [f, String(order[f as keyof WaybillOrder] ?? '')])),
    codAmount: units(order.codAmount), insuredAmount: units(order.insuredAmount),
    codCurrency: order.codCurrency ? String(order.codCurrency) : '', insuredCurrency: order.insuredCurrency ? String(order.insuredCurrency) : '',
  }));
  const [flags, setFlags] = useState({ insured: Boolean(order.insured), openBox: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void waybillApi.configs(dp, order.warehouseId).then((list) => {
      if (!live) return;
      setConfigs(list);
      if (list[0]) setValues((v) => (v.configId ? v : { ...v, configId: String(list[0].id) }));
    }, (e) => live && setFailure(errorMessage(e)));
    // the packages' weight is the parcel's weight (kg)
    void callOf(dp)<Array<{ weight: number | null }>>('/sapi/wms/outbound-package/list', { orderId: order.id }).then((pk) => {
      const kg = pk.reduce((s, p) => s + Number(p.weight ?? 0), 0);
      if (live && kg > 0) setValues((v) => (v.weight ? v : { ...v, weight: String(Math.round(kg * 1000) / 1000), parcels: String(pk.length) }));
    }, () => undefined);
    return () => { live = false; };
  }, [dp, order.id, order.warehouseId]);

  const set = (field: string, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const label = (field: string) => translate(`resources.waybill.fields.${field}`);
  const input = (field: string, extra: { select?: boolean; children?: React.ReactNode; helper?: string; wide?: boolean; numeric?: boolean } = {}) => (
    <TextField
      key={field}
      size="small"
      select={extra.select}
      label={label(field)}
      required={meta.fields.find((f) => f.name === field)?.required}
      value={values[field] ?? ''}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(errors[field])}
      helperText={errors[field] ?? extra.helper}
      disabled={busy}
      sx={extra.wide ? { gridColumn: '1 / -1' } : undefined}
      slotProps={{ htmlInput: { 'data-testid': `${testId}-${field}`, autoComplete: 'off', ...(extra.numeric ? { inputMode: 'decimal' } : {}) } }}
    >
      {extra.children}
    </TextField>
  );
  const currencyItems = [<MenuItem key="" value=""><em>-</em></MenuItem>, ...enumValues.Currency.map((c) => <MenuItem key={c.value} value={String(c.value)}>{translate(`enums.Currency.${c.key}`)}</MenuItem>)];

  const submit = async () => {
    const body: Record<string, unknown> = {
      orderId: order.id, requestKey, configId: values.configId ? Number(values.configId) : null,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, values[f].trim() || null])),
      ...Object.fromEntries(MONEY.map((f) => [f, cents(values[f])])),
      ...Object.fromEntries(CURRENCY.map((f) => [f, values[f] ? Number(values[f]) : null])),
      weight: values.weight.trim() === '' ? null : Number(values.weight), parcels: values.parcels.trim() === '' ? 1 : Number(values.parcels),
      ...flags,
    };
    const checked = await checkFields<Record<string, unknown>>(schemas.waybill.form('add', locale === 'zh' ? 'zh' : 'en', 'input') as never, body);
    if (!checked.ok) { setErrors(checked.errors); return; }
    setBusy(true);
    setFailure(undefined);
    try {
      onCreated(await waybillApi.create(dp, body));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (configs && configs.length === 0) return <Alert severity="warning" data-testid={`${testId}-no-config`}>{translate('app.waybill.no_config')}</Alert>;
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
        {input('configId', { select: true, wide: true, children: (configs ?? []).map((c) => <MenuItem key={c.id} value={String(c.id)}>{`${c.name} (${translate(`enums.Carrier.${enumValues.Carrier.find((x) => x.value === c.carrier)?.key}`)})`}</MenuItem>) })}
        {TEXT_FIELDS.map((f) => input(f, { wide: f === 'address' }))}
        {input('codAmount', { numeric: true, helper: translate('app.waybill.money_hint') })}
        {input('codCurrency', { select: true, children: currencyItems })}
        {input('insuredAmount', { numeric: true })}
        {input('insuredCurrency', { select: true, children: currencyItems })}
        {input('weight', { numeric: true })}
        {input('parcels', { numeric: true })}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
        {(['insured', 'openBox'] as const).map((f) => (
          <FormControlLabel key={f} label={label(f)} control={<Checkbox checked={flags[f]} disabled={busy} onChange={(e) => setFlags((v) => ({ ...v, [f]: e.target.checked }))} slotProps={{ input: { 'data-testid': `${testId}-${f}` } as object }} />} />
        ))}
      </Box>
      {failure ? <Alert severity="error" sx={{ mt: 2 }} data-testid={`${testId}-error`}>{failure}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, justifyContent: 'flex-end' }}>
        {onCancel ? <Button onClick={onCancel} disabled={busy}>{translate('app.waybill.back')}</Button> : null}
        <Button variant="contained" onClick={submit} disabled={busy || !configs} data-testid={`${testId}-submit`}>{translate('screens.createWaybill')}</Button>
      </Box>
    </Box>
  );
};
