/**
 * The scan input above an order form's lines (issue 27 item 8; inbound and outbound create/edit dialogs): a SKU
 * code, supplier SKU, platform SKU or barcode of the chosen goods owner adds a line for its SKU, or `qty` more to
 * the SKU's first line (`N*CODE` adds N; widgets/lineScan.ts formScan). Owner and warehouse come first, as for
 * "Add line". A code of no SKU of the owner, or one naming several SKUs none of which is on the lines, is refused
 * at the scan (widgets/LineScanField: red, named, low beep). The SKU picker stays for everything else.
 * Test id `${testId}-line-scan` (and its `-message`, `-box`).
 */
import { useFormContext } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { LineScanField, type ScanFeedback } from '../widgets/LineScanField';
import { formScan, type ScanInput } from '../widgets/lineScan';
import { useSkuLookup } from '../widgets/skuByCode';
import type { DocumentLines } from './EditableLines';
import { isBlank } from './formRules';
import { keyOf, testIdOf, type DocumentNames } from './names';

export interface LinesScanInputProps {
  names: DocumentNames;
  lines: DocumentLines;
  /** The line's quantity field (plannedQty, qty). */
  qtyField: string;
  /** A new, empty line. */
  newLine: () => Record<string, unknown>;
}

export const LinesScanInput = ({ names, lines, qtyField, newLine }: LinesScanInputProps) => {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const lookup = useSkuLookup();

  const onScan = async ({ code, qty }: ScanInput): Promise<ScanFeedback> => {
    const ownerId = getValues('ownerId') as unknown;
    if (!lines.ownerAndWarehouseChosen()) return { ok: false, message: translate(keyOf(names, isBlank(ownerId) ? 'rules.owner_first' : 'rules.warehouse_first')) };
    // the form's values now, with the lines earlier scans appended (fast scans come before a render)
    const current = (getValues('lines') ?? []) as Array<Record<string, unknown>>;
    const coded = current.filter((l) => !isBlank(l.skuId)).map((l) => ({ skuId: Number(l.skuId), sku: l.sku as string | null, skuName: l.skuName as string | null }));
    const hits = await lookup(code, Number(ownerId), coded);
    const result = formScan(current.map((l) => ({ skuId: l.skuId, qty: l[qtyField] })), hits, qty);
    if (!result.ok) return { ok: false, message: translate(`wms.widgets.lineScan.${result.reason}`, { code, skus: hits.map((h) => h.sku).join(', ') }) };
    if (result.index >= 0) setValue(`lines.${result.index}.${qtyField}`, result.total, { shouldDirty: true });
    else lines.append({ ...newLine(), skuId: result.sku.id, sku: result.sku.sku, skuName: result.sku.name ?? null, [qtyField]: result.total });
    return { ok: true, message: translate('wms.widgets.lineScan.added', { code, sku: result.sku.sku, qty, total: result.total }) };
  };

  return <LineScanField onScan={onScan} hint="wms.widgets.lineScan.hint_form" testId={testIdOf(names, 'line-scan')} />;
};
