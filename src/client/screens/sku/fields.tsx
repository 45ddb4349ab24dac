/** The e-commerce platforms of a SKU as tags (spec 2.6 / 2.8 columns): `PlatformChip`, and `PlatformsCell` one a line. */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import { enumKeyOf, enumLabelKey } from '../../widgets/enums';

/** A platform code as its enum tag. */
export const PlatformChip = ({ value }: { value: unknown }) => {
  const translate = useTranslate();
  const key = enumKeyOf('EcPlatform', value);
  return <Chip size="small" variant="outlined" label={key ? translate(enumLabelKey('EcPlatform', key), { _: key }) : String(value)} className="wms-enum wms-enum-EcPlatform" />;
};

/** One platform tag per line (the record's `ecPlatforms`). */
export const PlatformsCell = () => {
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
