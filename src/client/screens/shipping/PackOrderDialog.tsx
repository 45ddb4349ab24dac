/**
 * The Pack step of the shipping screen: waybill number, carrier and weight (kg), checked by the manifest's
 * package rules (messages name the field). With no package yet the server makes one package of everything
 * in the order with these values; otherwise every line must already be fully packed, and a waybill given
 * here becomes the order's waybill. `onPack` runs the step; its refusal is shown in the dialog.
 * "Create waybill" (issue 17) asks the carrier for the waybill right here (WaybillForm, for holders of
 * outbound:waybill) and fills the waybill number and carrier from its answer.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useLocaleState, useTranslate } from 'react-admin';
import { enumValues } from '../../../../generated/shared/enums';
import { Permitted } from '../../widgets/Permitted';
import { WaybillForm, type WaybillOrder } from '../waybill/WaybillForm';
import { WAYBILL_CODE } from '../waybill/waybillApi';
import { WideDialog, WideDialogButtons } from '../../widgets/WideDialog';
import { errorMessage } from '../../widgets/errorMessage';
import { FieldInputs } from '../packages/FieldInputs';
import { checkFields } from '../packages/formSchema';
import { PACKAGE_KINDS } from '../packages/constants';
import type { OutboundRecord, PackBody } from './constants';

const FIELDS = ['waybillNo', 'carrier', 'weight'] as const;
type PackValues = Record<(typeof FIELDS)[number], string>;

export interface PackOrderDialogProps {
  order: OutboundRecord;
  /** Whether the order has packages already (changes the explanation). */
  hasPackages: boolean;
  onClose: () => void;
  /** Runs /pack with the body; rejects with the server msg. */
  onPack: (body: PackBody) => Promise<unknown>;
}

export const PackOrderDialog = ({ order, hasPackages, onClose, onPack }: PackOrderDialogProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const spec = PACKAGE_KINDS.outbound;
  const [values, setValues] = useState<PackValues>({ waybillNo: order.waybillNo ?? '', carrier: '', weight: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);

  const pack = async () => {
    const checked = await checkFields<Partial<Record<keyof PackValues, string | number | null>>>(
      spec.formSchema('edit', locale === 'zh' ? 'zh' : 'en', 'input').pick([...FIELDS]),
      values,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    // empty inputs are left out: the server keeps / derives them
    const body: PackBody = { id: order.id };
    const { waybillNo, carrier, weight } = checked.values;
    if (waybillNo) body.waybillNo = String(waybillNo);
    if (carrier) body.carrier = String(carrier);
    if (weight !== null && weight !== undefined && weight !== '') body.weight = Number(weight);
    setBusy(true);
    setFailure(undefined);
    try {
      await onPack(body);
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
      width={640}
      title={translate('app.shipping.pack.title', { no: order.orderNo ?? '' })}
      testId="shipping-pack-dialog"
      actions={<WideDialogButtons onCancel={onClose} cancelLabel="app.shipping.action.cancel" label="resources.outboundOrder.actions.pack" onConfirm={pack} busy={busy} testId="shipping-pack-confirm" />}
    >
      <Alert severity="info" sx={{ mb: 2 }} data-testid="shipping-pack-hint">
        {translate(hasPackages ? 'app.shipping.pack.all_packed' : 'app.shipping.pack.one_package')}
      </Alert>
      {asking ? (
        <WaybillForm
          order={order as unknown as WaybillOrder}
          testId="shipping-waybill"
          onCancel={() => setAsking(false)}
          onCreated={(w) => {
            const key = enumValues.Carrier.find((c) => c.value === w.carrier)?.key;
            setValues((v) => ({ ...v, waybillNo: w.waybillNo ?? '', carrier: key ? translate(`enums.Carrier.${key}`) : v.carrier, weight: v.weight || (w.weight ? String(w.weight) : '') }));
            setAsking(false);
          }}
        />
      ) : (
        <Permitted codes={WAYBILL_CODE}>
          <Button size="small" sx={{ mb: 1 }} onClick={() => setAsking(true)} disabled={busy} data-testid="shipping-pack-create-waybill">
            {translate('screens.createWaybill')}
          </Button>
        </Permitted>
      )}
      <FieldInputs
        resource={spec.resource}
        fields={FIELDS}
        values={values}
        errors={errors}
        onChange={(field, value) => {
          setValues((v) => ({ ...v, [field]: value }));
          setErrors(({ [field]: _gone, ...rest }) => rest);
        }}
        disabled={busy}
        testId="shipping-pack"
      />
      {failure ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="shipping-pack-error">
          {failure}
        </Alert>
      ) : null}
    </WideDialog>
  );
};
