/**
 * The filter bar of a manifest screen (spec 2.6 / 2.8 layout): the view's `filters` in the manifest's order,
 * each input chosen by its field's type (text, enum select, enabled owner / warehouse select, other
 * references, a `lookup` ref as the referenced record's number (LookupFilters.tsx), date range as two days),
 * then Search and Reset; Enter searches from page 1. Labels are the fields' manifest labels. Test ids
 * `${testId}-filter-<part>` (partName; date ranges `-<part>-start|end`; a lookup its typed name, e.g. order-no).
 */
import { useMemo } from 'react';
import { AutocompleteInput, DateInput, ListContextProvider, ReferenceInput, useTranslate } from 'react-admin';
import { CountryInput } from '../../widgets/CountryInput';
import { OwnerInput, WarehouseInput } from '../../widgets/EnabledRefInput';
import { DocumentFilterBar, EnumFilter, FilterBox, TextFilter } from '../DocumentFilterBar';
import { filterCodec } from '../filterCodec';
import { testIdOf } from '../names';
import type { ScreenItem } from '../../../shared/resource-meta';
import { LookupErrors, lookupsOf, useLookupFilters } from './LookupFilters';
import { partName, type Screen } from './spec';

/** The codec of the view's filters: texts trimmed, selects as numbers, date ranges as days; a lookup is its typed text. */
export function screenFilterCodec(screen: Screen) {
  const shown = screen.shown(screen.spec.filters);
  const items = shown.filter((i) => !i.lookup).map((i) => screen.field(i.field)!);
  return filterCodec({
    texts: [...items.filter((f) => f.filter !== 'dateRange' && (f.type === 'string' || f.type === 'text')).map((f) => f.name), ...lookupsOf(screen).map((l) => l.text)],
    ids: items.filter((f) => f.type === 'enum' || f.type === 'ref' || f.type === 'int').map((f) => f.name),
    dates: items.filter((f) => f.filter === 'dateRange').map((f) => f.name),
  });
}

const FilterInput = ({ screen, item }: { screen: Screen; item: ScreenItem }) => {
  const translate = useTranslate();
  const f = screen.field(item.field)!;
  const label = screen.labelOf(item);
  const testId = testIdOf(screen.names, `filter-${partName(f.name)}`);
  if (item.lookup) {
    const l = lookupsOf(screen).find((x) => x.field === f.name)!;
    return <TextFilter source={l.text} label={label} testId={testIdOf(screen.names, `filter-${partName(l.text)}`)} maxLength={l.maxLength ?? 200} />;
  }
  if (f.filter === 'dateRange') {
    const text = translate(label);
    return (
      <>
        <FilterBox testId={`${testId}-start`}>
          <DateInput source={`${f.name}Start`} label={translate('wms.doc.filter.from', { label: text })} helperText={false} fullWidth />
        </FilterBox>
        <FilterBox testId={`${testId}-end`}>
          <DateInput source={`${f.name}End`} label={translate('wms.doc.filter.to', { label: text })} helperText={false} fullWidth />
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
  if (f.type === 'enum') return <EnumFilter source={f.name} enumName={f.enum!} label={label} testId={testId} />;
  if (f.type === 'ref') {
    const Ref = f.resource === 'owner' ? OwnerInput : f.resource === 'warehouse' ? WarehouseInput : undefined;
    return (
      <FilterBox testId={testId}>
        {Ref ? (
          <Ref source={f.name} label={label} helperText={false} fullWidth />
        ) : (
          <ReferenceInput source={f.name} reference={f.resource!}>
            <AutocompleteInput label={label} helperText={false} fullWidth />
          </ReferenceInput>
        )}
      </FilterBox>
    );
  }
  return <TextFilter source={f.name} label={label} testId={testId} maxLength={f.maxLength ?? 200} />;
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
