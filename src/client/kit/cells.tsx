/**
 * Cells shared by the document screens: the row number across pages, the workflow status tag (a Chip
 * coloured per state, outlined in the first state) and its list cell, and `useEnumLabel` (an enum value's
 * label in the current language).
 */
import Chip from '@mui/material/Chip';
import { useListContext, useRecordContext, useTranslate } from 'react-admin';
import { enumKeyOf, enumLabelKey } from '../widgets/enums';
import type { CellProps } from './DocumentTable';
import { classOf, testIdOf, type DocumentNames } from './names';

/** A value's label in enum `enumName` (the key when untranslated; '' for no value). */
export function useEnumLabel() {
  const translate = useTranslate();
  return (enumName: string, value: unknown): string => {
    const key = enumKeyOf(enumName, value);
    return key ? translate(enumLabelKey(enumName, key), { _: key }) : value === null || value === undefined ? '' : String(value);
  };
}

/** Row number over pages: (page - 1) * perPage + position. */
export const RowNumberCell = (_: CellProps) => {
  const record = useRecordContext();
  const { data = [], page = 1, perPage = 10 } = useListContext();
  if (!record) return null;
  const index = data.findIndex((r) => r.id === record.id);
  return <span>{index < 0 ? '' : (page - 1) * perPage + index + 1}</span>;
};

export type TagColor = 'default' | 'info' | 'success' | 'error' | 'warning' | 'primary';

/** How a screen's status enum looks: colour per value; `outlined` is the value drawn outlined (the first state). */
export interface StatusLook {
  names: DocumentNames;
  enumName: string;
  colors: Record<number, TagColor>;
  outlined: number;
  /** Enum key per value, when the look comes from a manifest workflow (else looked up in the generated enums). */
  keys?: Record<number, string>;
}

/** The status tag: test id `${testId}-status` (or `testId`), `data-status` the value, class `wms-<testId>-status-<KEY>`. */
export const StatusTag = ({ look, status, testId }: { look: StatusLook; status: unknown; testId?: string }) => {
  const label = useEnumLabel();
  const translate = useTranslate();
  if (status === null || status === undefined || status === '') return null;
  const own = look.keys?.[Number(status)];
  const key = own ?? enumKeyOf(look.enumName, status) ?? String(status);
  return (
    <Chip
      size="small"
      label={own ? translate(enumLabelKey(look.enumName, own), { _: own }) : label(look.enumName, status)}
      color={look.colors[Number(status)] ?? 'default'}
      variant={Number(status) === look.outlined ? 'outlined' : 'filled'}
      className={`${classOf(look.names, 'status')} ${classOf(look.names, `status-${key}`)}`}
      data-testid={testId ?? testIdOf(look.names, 'status')}
      data-status={String(status)}
    />
  );
};

/** The list cell of the record's `status`. */
export const StatusCell = ({ look }: CellProps & { look: StatusLook }) => {
  const record = useRecordContext();
  return <StatusTag look={look} status={record?.status} />;
};
