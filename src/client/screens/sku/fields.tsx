/**
 * Cells of the SKU list (spec 2.8 columns): image thumbnail, enabled tag, supplier names and platforms one
 * per line. Each takes the Datagrid column `label`.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRecordContext, useTranslate } from 'react-admin';
import { SafeImage } from '../../widgets/SafeImage';
import { enumKeyOf, enumLabelKey } from '../../widgets/enums';

export interface CellProps {
  label?: string;
  sortable?: boolean;
}

/** Spec 9: thumbnails default 60x60; a click previews the image. */
export const SkuImageCell = (_: CellProps) => {
  const record = useRecordContext();
  if (!record) return null;
  return <SafeImage src={record.goodsImageUrl as string | undefined} width={60} height={60} alt={String(record.sku ?? '')} preview />;
};

/** Enabled / disabled tag. */
export const EnableTag = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  if (value === null || value === undefined) return null;
  const yes = value === true || value === 1 || value === 'true';
  return <Chip size="small" color={yes ? 'success' : 'default'} label={translate(yes ? 'app.sku.enable.yes' : 'app.sku.enable.no')} className="wms-sku-enable" />;
};

export const SkuEnableCell = (_: CellProps) => {
  const record = useRecordContext();
  return <EnableTag value={record?.enable} />;
};

/** One supplier name per line. */
export const SupplierNamesCell = (_: CellProps) => {
  const record = useRecordContext();
  const names = Array.isArray(record?.supplierNames) ? (record!.supplierNames as unknown[]) : [];
  if (names.length === 0) return null;
  return (
    <Box className="wms-sku-suppliers">
      {names.map((name, i) => (
        <Typography key={`${i}:${String(name)}`} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {String(name)}
        </Typography>
      ))}
    </Box>
  );
};

/** A platform code as its enum tag. */
export const PlatformChip = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  const key = enumKeyOf('EcPlatform', value);
  return <Chip size="small" variant="outlined" label={key ? translate(enumLabelKey('EcPlatform', key), { _: key }) : String(value)} className="wms-enum wms-enum-EcPlatform" />;
};

/** One platform tag per line. */
export const PlatformsCell = (_: CellProps) => {
  const record = useRecordContext();
  const platforms = Array.isArray(record?.ecPlatforms) ? (record!.ecPlatforms as unknown[]) : [];
  if (platforms.length === 0) return null;
  return (
    <Stack spacing={0.5} alignItems="flex-start" className="wms-sku-platforms">
      {platforms.map((p, i) => (
        <PlatformChip key={`${i}:${String(p)}`} value={p} />
      ))}
    </Stack>
  );
};
