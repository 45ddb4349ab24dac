/**
 * EnumField: an enum value shown as a tag (spec 2.10 "enum tags"; spec 4 Status ENABLE = 1 green,
 * LOCK = -1 grey). The label is `enums.<Enum>.<KEY>` in the current language.
 */
import Chip from '@mui/material/Chip';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';
import { enumKeyOf, enumLabelKey } from './enums';

export interface EnumFieldProps {
  source: string;
  enumName: string;
  label?: FieldProps['label'];
  sortable?: boolean;
}

/** Colour per key: enabled is green, every other value the default grey. */
function colorOf(key: string | undefined): 'success' | 'default' {
  return key === 'ENABLE' ? 'success' : 'default';
}

export const EnumField = ({ source, enumName }: EnumFieldProps) => {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  const key = enumKeyOf(enumName, value);
  const text = key ? translate(enumLabelKey(enumName, key), { _: key }) : String(value);
  return <Chip size="small" label={text} color={colorOf(key)} className={`wms-enum wms-enum-${enumName}`} />;
};
