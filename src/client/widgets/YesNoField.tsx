/**
 * YesNoField: a boolean shown as Yes/No in the current language (spec 1 "Yes/No follows the locale",
 * spec 2.10 "bool tags"). Empty values show nothing.
 */
import Typography from '@mui/material/Typography';
import { useFieldValue, useTranslate, type FieldProps } from 'react-admin';

export interface YesNoFieldProps {
  source: string;
  label?: FieldProps['label'];
  sortable?: boolean;
}

export const YesNoField = ({ source }: YesNoFieldProps) => {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  if (value === null || value === undefined || value === '') return null;
  const yes = value === true || value === 1 || value === 'true' || value === '1';
  return (
    <Typography component="span" variant="body2">
      {translate(yes ? 'ra.boolean.true' : 'ra.boolean.false')}
    </Typography>
  );
};
