/**
 * MoneyField: an amount stored in cents, shown divided by 100 with 2 decimals (spec 1 money display).
 */
import Typography from '@mui/material/Typography';
import { useFieldValue, type FieldProps } from 'react-admin';
import { centsToText } from './money';

export interface MoneyFieldProps {
  source: string;
  label?: FieldProps['label'];
  sortable?: boolean;
}

export const MoneyField = ({ source }: MoneyFieldProps) => {
  const value = useFieldValue({ source });
  const text = centsToText(value);
  if (text === '') return null;
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
};
