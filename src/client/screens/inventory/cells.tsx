/**
 * Cells of the inventory tables (spec 2.6, 2.7, 2.9). Each takes the Datagrid column `label`.
 * - `RowNumberCell`: the row's number across pages ((page - 1) * perPage + index + 1).
 * - `QtyChangeCell`: `old -> new` with a change tag (green +n, red -n; none when unchanged).
 * - `MultiLineCell`: text kept on its lines (store info).
 * - `InventoryImageCell`: the SKU image thumbnail (60x60, click to preview).
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useListContext, useRecordContext } from 'react-admin';
import { SafeImage } from '../../widgets/SafeImage';

export interface CellProps {
  label?: string;
  sortable?: boolean;
  className?: string;
}

const get = (record: Record<string, unknown> | undefined, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), record);

export const RowNumberCell = (_: CellProps) => {
  const record = useRecordContext();
  const { data, page = 1, perPage = 10 } = useListContext();
  const index = record && Array.isArray(data) ? data.findIndex((r) => r.id === record.id) : -1;
  if (index < 0) return null;
  return (
    <Typography component="span" variant="body2" className="wms-row-number">
      {(Math.max(1, page) - 1) * perPage + index + 1}
    </Typography>
  );
};

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

export interface QtyChangeCellProps extends CellProps {
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

export const MultiLineCell = ({ source }: CellProps & { source: string }) => {
  const record = useRecordContext();
  const value = get(record, source);
  if (value === null || value === undefined || value === '') return null;
  return (
    <Typography component="div" variant="body2" sx={{ whiteSpace: 'pre-line', minWidth: 120 }} className="wms-multi-line">
      {String(value)}
    </Typography>
  );
};

/** Spec 9: thumbnails default 60x60; a click previews the image. */
export const InventoryImageCell = (_: CellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  const entity = (record.skuEntity ?? {}) as Record<string, unknown>;
  return <SafeImage src={entity.goodsImageUrl as string | undefined} width={60} height={60} alt={String(entity.sku ?? record.sku ?? '')} preview />;
};
