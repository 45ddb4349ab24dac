/**
 * UsedOfField: a computed count shown out of its allowance (manifest `outOf`; issue 12 company quotas):
 * `3 / 100`, or `3 / ∞` when the allowance is 0 (unlimited). The column's label is the computed field's.
 */
import Typography from '@mui/material/Typography';
import { useRecordContext, type FieldProps } from 'react-admin';

export interface UsedOfFieldProps {
  source: string;
  /** The field holding the allowance (0 or empty = unlimited). */
  outOf: string;
  label?: FieldProps['label'];
  sortable?: boolean;
  sortBy?: string;
}

export const UsedOfField = ({ source, outOf }: UsedOfFieldProps) => {
  const record = useRecordContext();
  if (!record) return null;
  const allowed = Number(record[outOf] ?? 0);
  return (
    <Typography component="span" variant="body2" noWrap>
      {`${Number(record[source] ?? 0)} / ${allowed > 0 ? allowed : '∞'}`}
    </Typography>
  );
};
