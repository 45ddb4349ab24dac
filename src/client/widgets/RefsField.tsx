/**
 * RefsField: an array of ids of another resource, one chip per referenced record (its
 * recordRepresentation). With `allowAll`, `[-1]` shows a single "All" chip (spec 3, 9: -1 means all).
 */
import Chip from '@mui/material/Chip';
import {
  RecordRepresentation,
  ReferenceArrayField,
  SingleFieldList,
  useFieldValue,
  useTranslate,
  type FieldProps,
} from 'react-admin';
import { isAllIds } from './allIds';

export interface RefsFieldProps {
  source: string;
  reference: string;
  allowAll?: boolean;
  label?: FieldProps['label'];
  sortable?: boolean;
}

/** One referenced record as a chip, labelled with the reference's recordRepresentation. */
const RecordChip = () => <Chip size="small" sx={{ cursor: 'inherit' }} label={<RecordRepresentation />} />;

export const RefsField = ({ source, reference, allowAll }: RefsFieldProps) => {
  const value = useFieldValue({ source });
  const translate = useTranslate();
  if (allowAll && isAllIds(value)) {
    return <Chip size="small" label={translate('wms.widgets.all')} className="wms-refs-all" />;
  }
  return (
    <ReferenceArrayField source={source} reference={reference}>
      <SingleFieldList linkType={false}>
        <RecordChip />
      </SingleFieldList>
    </ReferenceArrayField>
  );
};
