/**
 * Cells of the inventory lists (spec 2.6, 2.7, 2.9), registered as column widgets in ./widgets.tsx:
 * - `QtyChangeCell`: `old -> new` with a change tag (green +n, red -n; none when unchanged).
 * - `InventoryImageCell`: the SKU image's 60x60 thumbnail (drawn LIST_THUMB px, click to preview).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { LIST_THUMB } from '../../kit/DocumentTable';
import { SafeImage } from '../../widgets/SafeImage';

const toNumber = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/** The change as a tag: +n green, -n red, nothing for 0. */
export const ChangeTag = ({ value }: { value: number | undefined }) => {
  if (value === undefined || value === 0) return null;
  const up = value > 0;
  return (
    <Chip
      size="small"
      color={up ? 'success' : 'error'}
      label={up ? `+${value}` : String(value)}
      className={`wms-change-tag wms-change-${up ? 'up' : 'down'}`}
      data-testid="change-tag"
    />
  );
};

export interface QtyChangeCellProps {
  /** Field of the old value, e.g. originQty. */
  from: string;
  /** Field of the new value, e.g. newQty. */
  to: string;
  /** Field of the change, e.g. changeQty (computed from old and new when absent). */
  change: string;
  testId?: string;
}

export const QtyChangeCell = ({ from, to, change, testId }: QtyChangeCellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  const before = toNumber(record[from]);
  const after = toNumber(record[to]);
  const delta = toNumber(record[change]) ?? (before !== undefined && after !== undefined ? after - before : undefined);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }} data-testid={testId}>
      <Typography component="span" variant="body2" className="wms-qty-change">
        {`${before ?? ''} -> ${after ?? ''}`}
      </Typography>
      <ChangeTag value={delta} />
    </Box>
  );
};

/** Spec 9: the 60x60 thumbnail, drawn LIST_THUMB px in a one-line row; a click previews the image. */
export const InventoryImageCell = () => {
  const record = useRecordContext();
  if (!record) return null;
  const entity = (record.skuEntity ?? {}) as Record<string, unknown>;
  return <SafeImage src={entity.goodsImageUrl as string | undefined} width={LIST_THUMB} height={LIST_THUMB} alt={String(entity.sku ?? record.sku ?? '')} preview thumbnail />;
};
