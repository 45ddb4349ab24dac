/**
 * The `lookup` filters of a manifest screen: a ref field typed as the referenced record's number (its
 * `represent`, e.g. a package's order number), because the API filters by the id. The filter bar runs under
 * the list's context with a `setFilters` that looks each typed number up first
 * (`<ref path>/page {<represent>: no, current: 1, size: 1}`; the id in place is kept while the number is
 * unchanged) and sends the number as the ref's name field (`nameAs`: shown again, ignored by the server) plus
 * the id. An unknown number stops the search: the input and a notice say "<field label> does not exist: <no>"
 * (spec 8, e.g. "Outbound order does not exist: X").
 */
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate, type ListControllerResult } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { refNameField } from '../../../shared/resource-meta';
import { errorMessage } from '../../widgets/errorMessage';
import { callOf } from '../documentApi';
import { sameFilter } from '../filterCodec';
import type { Screen } from './spec';

/** One lookup filter: the ref field (`field`, sent as the id), the typed text's source, the referenced resource. */
export interface Lookup {
  field: string;
  text: string;
  label: string;
  path: string;
  represent: string;
  maxLength?: number;
}

/** The view's lookup filters. */
export function lookupsOf(screen: Screen): Lookup[] {
  return screen.shown(screen.spec.filters).flatMap((item) => {
    const f = screen.field(item.field);
    const target = f?.resource ? screen.source.resources[f.resource] : undefined;
    if (!item.lookup || !f || !target) return [];
    const number = target.fields.find((x) => x.name === target.represent);
    return [{ field: f.name, text: refNameField(f), label: screen.labelOf(item, 'filters'), path: target.path, represent: target.represent, maxLength: number?.maxLength }];
  });
}

/**
 * The list context the filter bar runs under (the list's own when the view has no lookup filter) and the
 * messages of numbers not found, by text source.
 */
export function useLookupFilters(screen: Screen): { context: ListControllerResult; errors: Record<string, string> } {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const list = useListContext();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const lookups = useMemo(() => lookupsOf(screen), [screen]);
  if (!lookups.length) return { context: list, errors };

  const current = (list.filterValues ?? {}) as Record<string, unknown>;
  /** The id of `no`: the one in place while the number is unchanged, else looked up; null when none. */
  const idOf = async (l: Lookup, no: string): Promise<number | null> => {
    if (current[l.text] === no && current[l.field] !== undefined) return Number(current[l.field]);
    const page = await callOf(dataProvider)<{ records?: Array<{ id: number }> }>(`${l.path}/page`, { [l.represent]: no, current: 1, size: 1 });
    return page?.records?.[0]?.id ?? null;
  };

  const setFilters: ListControllerResult['setFilters'] = (filter, ...rest) => {
    setErrors({});
    const typed = lookups.filter((l) => typeof filter[l.text] === 'string' && filter[l.text] !== '');
    if (!typed.length) return list.setFilters(filter, ...rest);
    void Promise.all(typed.map((l) => idOf(l, filter[l.text]))).then(
      (ids) => {
        const missing = typed.filter((_, i) => ids[i] === null);
        if (missing.length) {
          const messages = Object.fromEntries(missing.map((l) => [l.text, translate('wms.doc.filter.not_found', { label: translate(l.label), no: filter[l.text] })]));
          setErrors(messages);
          notify(Object.values(messages)[0], { type: 'error' });
          return;
        }
        const next = { ...filter, ...Object.fromEntries(typed.map((l, i) => [l.field, ids[i]])) };
        if (sameFilter(next, current)) void list.refetch();
        else list.setFilters(next, ...rest);
      },
      (e) => notify(errorMessage(e), { type: 'error' }),
    );
  };
  return { context: { ...list, setFilters }, errors };
}

/** Puts the look-up messages on their inputs (cleared by the next change of the input); inside the bar's form. */
export const LookupErrors = ({ errors }: { errors: Record<string, string> }) => {
  const { setError } = useFormContext();
  useEffect(() => {
    for (const [source, message] of Object.entries(errors)) setError(source, { type: 'lookup', message });
  }, [errors, setError]);
  return null;
};
