/**
 * Enum look-ups shared by EnumField and EnumInput (spec 2.10: enum select, enum tags; spec 4: Status
 * ENABLE = 1, LOCK = -1). Keys and values come from the generated `enumValues`; labels are the i18n keys
 * `enums.<Enum>.<KEY>`.
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { enumValues } from '../../../generated/shared/enums';

export interface EnumEntry {
  key: string;
  value: number;
}

/** The generated table, typed loosely so any enum name can be asked for. */
const table = enumValues as unknown as Record<string, ReadonlyArray<EnumEntry> | undefined>;

/** Every entry of one enum (empty for an unknown enum name). */
export function enumEntries(enumName: string): ReadonlyArray<EnumEntry> {
  return table[enumName] ?? [];
}

/** The key (e.g. `ENABLE`) of a stored value, or undefined when the value is not in the enum. */
export function enumKeyOf(enumName: string, value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return enumEntries(enumName).find((e) => e.value === n)?.key;
}

/** The i18n key of one enum entry. */
export function enumLabelKey(enumName: string, key: string): string {
  return `enums.${enumName}.${key}`;
}

/** Choices `{ id: value, name: translated label }` for a select, in the enum's order. */
export function useEnumChoices(enumName: string): Array<{ id: number; name: string }> {
  const translate = useTranslate();
  return useMemo(
    () => enumEntries(enumName).map((e) => ({ id: e.value, name: translate(enumLabelKey(enumName, e.key), { _: e.key }) })),
    [enumName, translate],
  );
}
