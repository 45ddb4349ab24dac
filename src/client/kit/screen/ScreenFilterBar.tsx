/**
 * The filter bar of a manifest screen (spec 2.6 / 2.8 layout): the view's `filters` in the manifest's order,
 * each input chosen by its field's type (text, enum select, enabled owner / warehouse select, other
 * references, a `lookup` ref as the referenced record's number (LookupFilters.tsx), date-time range as two instants,
 * yes / no / all for booleans (the field's own value texts when it has them), several of a resource for
 * `refs`, several codes in the multi-line multi-input for a `codes` filter), or the registered filter
 * `widget` the item names; then Search and Reset; Enter searches from page 1. A filter names a field or a query parameter (queryParams).
 * Labels are the manifest's (a filter's own, else its field's). A preset field's input shows its value, disabled; the preset stays out of the
 * filter (it is the list's permanent filter). Test ids `${testId}-filter-<part>` (partName; date ranges `-<part>-start|end`).
 */
import { useMemo } from 'react';
import { AutocompleteArrayInput, AutocompleteInput, ListContextProvider, NullableBooleanInput, ReferenceArrayInput, ReferenceInput, useTranslate } from 'react-admin';
import { QUIET_READ } from '../../providers/loading';
import { CountryInput } from '../../widgets/CountryInput';
import { MultiLineInput } from '../../widgets/MultiLineInput';
import { OwnerInput, WarehouseInput } from '../../widgets/EnabledRefInput';
import { DocumentFilterBar, EnumFilter, FilterBox, TextFilter } from '../DocumentFilterBar';
import { filterCodec, type AnyFilterCodec } from '../filterCodec';
import { testIdOf } from '../names';
import type { ScreenItem } from '../../../shared/resource-meta';
import { LookupErrors, lookupsOf, useLookupFilters } from './LookupFilters';
import { filterWidget } from './registry';
import { InstantInput } from '../../widgets/instantPicker/InstantInput';
import { partName, type Screen } from './spec';

/**
 * The codec of the view's filters: texts trimmed, selects as numbers, date-time ranges as instants, yes/no as booleans,
 * multi-selects as id arrays, a lookup as its typed text; preset fields shown, never sent.
 */
export function screenFilterCodec(screen: Screen): AnyFilterCodec {
  const items = screen.shown(screen.spec.filters).filter((i) => !i.lookup).map((i) => screen.filterField(i.field)!);
  const named = (ok: (f: (typeof items)[number]) => boolean) => items.filter(ok).map((f) => f.name);
  const codec = filterCodec({
    texts: [...named((f) => f.filter !== 'dateRange' && f.filter !== 'codes' && (f.type === 'string' || f.type === 'text')), ...lookupsOf(screen).map((l) => l.text)],
    codes: named((f) => f.filter === 'codes'),
    ids: named((f) => f.type === 'enum' || f.type === 'ref' || f.type === 'int'),
    dates: named((f) => f.filter === 'dateRange'),
    bools: named((f) => f.type === 'boolean'),
    lists: named((f) => f.type === 'refs'),
  });
  const preset = Object.fromEntries(screen.locked.map((k) => [k, screen.filter[k]]));
  return {
    toFilter: (values) => Object.fromEntries(Object.entries(codec.toFilter(values as never)).filter(([k]) => !screen.locked.includes(k))),
    toValues: (filter) => ({ ...codec.toValues(filter), ...preset }),
  };
}

const FilterInput = ({ screen, item }: { screen: Screen; item: ScreenItem }) => {
  const translate = useTranslate();
  const f = screen.filterField(item.field)!;
  const label = screen.labelOf(item, 'filters');
  const testId = testIdOf(screen.names, `filter-${partName(f.name)}`);
  const disabled = screen.locked.includes(f.name);
  if (item.widget) {
    const Widget = filterWidget(item.widget);
    return Widget ? (
      <FilterBox testId={testId}>
        <Widget screen={screen} source={f.name} label={label} disabled={disabled} />
      </FilterBox>
    ) : null;
  }
  if (item.lookup) {
    const l = lookupsOf(screen).find((x) => x.field === f.name)!;
    return <TextFilter source={l.text} label={label} testId={testIdOf(screen.names, `filter-${partName(l.text)}`)} maxLength={l.maxLength ?? 200} />;
  }
  if (f.filter === 'dateRange') {
    const text = translate(label);
    return (
      <>
        <FilterBox testId={`${testId}-start`}>
          <InstantInput source={`${f.name}Start`} label={translate('wms.doc.filter.from', { label: text })} helperText={false} testId={`${testId}-start-input`} />
        </FilterBox>
        <FilterBox testId={`${testId}-end`}>
          <InstantInput source={`${f.name}End`} label={translate('wms.doc.filter.to', { label: text })} helperText={false} testId={`${testId}-end-input`} />
        </FilterBox>
      </>
    );
  }
  if (f.widget === 'country') {
    return (
      <FilterBox testId={testId}>
        <CountryInput source={f.name} label={label} helperText={false} fullWidth />
      </FilterBox>
    );
  }
  if (f.type === 'boolean') {
    const own = f.values ? `resources.${screen.resource}.values.${f.name}` : undefined;
    return (
      <FilterBox testId={testId}>
        <NullableBooleanInput source={f.name} label={label} disabled={disabled} trueLabel={own ? `${own}.true` : 'ra.boolean.true'} falseLabel={own ? `${own}.false` : 'ra.boolean.false'} nullLabel="wms.widgets.all" helperText={false} fullWidth />
      </FilterBox>
    );
  }
  if (f.filter === 'codes') {
    return (
      <FilterBox testId={testId}>
        <MultiLineInput source={f.name} label={label} disabled={disabled} fullWidth />
      </FilterBox>
    );
  }
  if (f.type === 'refs') {
    // options by the referenced resource's represent field, searched by it
    const by = screen.source.resources[f.resource!]?.represent ?? 'name';
    return (
      <FilterBox testId={testId}>
        <ReferenceArrayInput source={f.name} reference={f.resource!} perPage={100} sort={{ field: by, order: 'ASC' }} queryOptions={QUIET_READ}>
          <AutocompleteArrayInput label={label} disabled={disabled} optionText={by} filterToQuery={(text: string) => (text.trim() ? { [by]: text.trim() } : {})} helperText={false} fullWidth />
        </ReferenceArrayInput>
      </FilterBox>
    );
  }
  if (f.type === 'enum') return <EnumFilter source={f.name} enumName={f.enum!} label={label} testId={testId} disabled={disabled} />;
  if (f.type === 'ref') {
    const Ref = f.resource === 'owner' ? OwnerInput : f.resource === 'warehouse' ? WarehouseInput : undefined;
    // other references: options by the referenced resource's represent field, searched by it (e.g. SKU code)
    const by = screen.source.resources[f.resource!]?.represent ?? 'name';
    return (
      <FilterBox testId={testId}>
        {Ref ? (
          <Ref source={f.name} label={label} helperText={false} fullWidth disabled={disabled} />
        ) : (
          <ReferenceInput source={f.name} reference={f.resource!} queryOptions={QUIET_READ}>
            <AutocompleteInput label={label} optionText={by} filterToQuery={(text: string) => (text.trim() ? { [by]: text.trim() } : {})} helperText={false} fullWidth disabled={disabled} />
          </ReferenceInput>
        )}
      </FilterBox>
    );
  }
  return <TextFilter source={f.name} label={label} testId={testId} maxLength={f.maxLength ?? 200} disabled={disabled} />;
};

export const ScreenFilterBar = ({ screen }: { screen: Screen }) => {
  const codec = useMemo(() => screenFilterCodec(screen), [screen]);
  const { context, errors } = useLookupFilters(screen);
  return (
    <ListContextProvider value={context}>
      <DocumentFilterBar names={screen.names} resource={screen.resource} formId={`${screen.spec.testId}-filter-form-${screen.view.name}`} codec={codec}>
        <LookupErrors errors={errors} />
        {screen.shown(screen.spec.filters).map((item) => (
          <FilterInput key={item.field} screen={screen} item={item} />
        ))}
      </DocumentFilterBar>
    </ListContextProvider>
  );
};
