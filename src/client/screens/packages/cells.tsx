/**
 * How a package is shown (the pack lists' column widgets in widgets.tsx, the shipping screen):
 * - `dimensionsText`: `L × W × H` in cm (`40 × 30 × 20`), '' when none is known, `?` for a missing side;
 * - `contentLineText`: `SKU (batch) × qty`, the batch left out when empty;
 * - `PackageContents`: one such line per content line (test ids `${testId}`, `${testId}-line`).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PackageLine, PackageRecord } from './constants';

const known = (v: unknown) => v !== null && v !== undefined && v !== '';

/** `L × W × H` (cm) of a package, '' when no side is known. */
export function dimensionsText(p: Pick<PackageRecord, 'length' | 'width' | 'height'> | null | undefined): string {
  const sides = [p?.length, p?.width, p?.height];
  if (!sides.some(known)) return '';
  return sides.map((s) => (known(s) ? String(s) : '?')).join(' × ');
}

/** `SKU (batch) × qty`. */
export function contentLineText(l: Pick<PackageLine, 'sku' | 'skuId' | 'batchNo' | 'qty'>): string {
  const code = l.sku || String(l.skuId);
  return `${l.batchNo ? `${code} (${l.batchNo})` : code} × ${l.qty}`;
}

export const PackageContents = ({ lines, testId = 'package-contents' }: { lines: readonly PackageLine[] | undefined; testId?: string }) => (
  <Box data-testid={testId} sx={{ whiteSpace: 'nowrap' }}>
    {(lines ?? []).map((l, i) => (
      <Typography key={l.id ?? i} variant="body2" title={l.skuName ?? undefined} data-testid={`${testId}-line`}>
        {contentLineText(l)}
      </Typography>
    ))}
  </Box>
);
