/**
 * Behaviour shared by the dependent region selects (spec 2.10: country, province, city selects;
 * single-result selects auto-pick when only one option exists).
 *
 * - useClearWhenParentChanges: a province/city chosen under one country/province is cleared when the user
 *   picks another parent. When the parent and the value change together (record loaded, form reset, filter
 *   set from the URL) the value is kept.
 * - useAutoPick: when the options for the current parent hold exactly one entry and the input is empty, that
 *   entry is picked, once per parent (so the user can still clear it).
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** The current value of another form field, as text ('' when empty). Works in filter forms too. */
export function useWatchedText(name: string): string {
  const value = useWatch({ name });
  return isEmpty(value) ? '' : String(value);
}

export function useClearWhenParentChanges(source: string, parentKey: string): void {
  const { setValue } = useFormContext();
  const own = useWatch({ name: source });
  const previous = useRef({ parentKey, own });
  useEffect(() => {
    const before = previous.current;
    previous.current = { parentKey, own };
    if (before.parentKey === parentKey) return;
    if (before.own !== own) return;
    if (isEmpty(own)) return;
    setValue(source, null, { shouldDirty: true });
  }, [parentKey, own, source, setValue]);
}

export function useAutoPick(source: string, parentKey: string, options: string[] | undefined, ready: boolean): void {
  const { setValue, getValues } = useFormContext();
  const pickedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready || parentKey === '' || !options || options.length !== 1) return;
    if (pickedFor.current === parentKey) return;
    pickedFor.current = parentKey;
    if (isEmpty(getValues(source))) setValue(source, options[0], { shouldDirty: true });
  }, [ready, parentKey, options, source, setValue, getValues]);
}

/** The loaded options plus the current value when it is missing from them (so it still shows). */
export function withCurrent<T extends Record<string, unknown>>(data: T[] | undefined, field: string, current: unknown): T[] {
  const list = data ?? [];
  if (isEmpty(current) || list.some((r) => r[field] === current)) return list;
  return [...list, { id: `current:${String(current)}`, [field]: current } as unknown as T];
}
