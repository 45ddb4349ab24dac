/**
 * EnumKeysInput: check boxes over an enum's entries for a `strings` field that names an enum (issue 31: an API
 * key's scopes); the stored value is the list of checked keys (e.g. `['SKUS_READ']`), labels `enums.<Enum>.<KEY>`.
 * EnumKeysField: such a list in a list cell, as its labels.
 */
import { useMemo } from 'react';
import { CheckboxGroupInput, useRecordContext, useTranslate } from 'react-admin';
import { enumEntries, enumLabelKey } from './enums';

const useKeyChoices = (enumName: string) => {
  const translate = useTranslate();
  return useMemo(() => enumEntries(enumName).map((e) => ({ id: e.key, name: translate(enumLabelKey(enumName, e.key), { _: e.key }) })), [enumName, translate]);
};

export const EnumKeysInput = ({ source, enumName, label, disabled, isRequired }: { source: string; enumName: string; label: string; disabled?: boolean; isRequired?: boolean }) => (
  <CheckboxGroupInput source={source} label={label} choices={useKeyChoices(enumName)} disabled={disabled} isRequired={isRequired} row={false} />
);

export const EnumKeysField = ({ source, enumName }: { source: string; enumName: string; label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const keys = (record?.[source] as string[] | undefined) ?? [];
  return <span style={{ whiteSpace: 'pre-line' }}>{keys.map((k) => translate(enumLabelKey(enumName, k), { _: k })).join('\n')}</span>;
};
