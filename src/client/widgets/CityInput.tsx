/**
 * CityInput: city select under the chosen country and province (spec 2.10 "city select", single result
 * auto-picked; spec 3 City: name, filtered by countryCode and provinceName). Stores the name; typing
 * searches the server on `name` (50 at a time). Disabled until a country and a province are chosen; cleared
 * when the user picks another country or province.
 */
import { useCallback, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AutocompleteInput, useGetList, useTranslate, type AutocompleteInputProps, type RaRecord } from 'react-admin';
import { useAutoPick, useClearWhenParentChanges, useWatchedText, withCurrent } from './dependentInput';
import { QUIET_READ } from '../providers/loading';

export interface CityInputProps extends Omit<AutocompleteInputProps, 'source' | 'choices'> {
  source: string;
  countrySource?: string;
  provinceSource?: string;
  label?: string | false;
  alwaysOn?: boolean;
}

interface City extends RaRecord {
  countryCode: string;
  provinceName: string;
  name: string;
}

/** Search text -> server filter (empty text: no name filter). */
const filterToQuery = (q: string): { name?: string } => (q ? { name: q } : {});

export const CityInput = ({
  source,
  countrySource = 'countryCode',
  provinceSource = 'province',
  label,
  alwaysOn: _alwaysOn,
  disabled,
  helperText,
  ...rest
}: CityInputProps) => {
  const translate = useTranslate();
  const countryCode = useWatchedText(countrySource);
  const provinceName = useWatchedText(provinceSource);
  const current = useWatch({ name: source });
  const [search, setSearch] = useState<{ name?: string }>({});
  const setFilter = useCallback((q: string) => setSearch(filterToQuery(q)), []);
  const ready = countryCode !== '' && provinceName !== '';
  const parentKey = ready ? `${countryCode}\u0000${provinceName}` : '';

  const { data, total, isPending, isFetching } = useGetList<City>(
    'city',
    { filter: { countryCode, provinceName, ...search }, pagination: { page: 1, perPage: 50 }, sort: { field: 'name', order: 'ASC' }, ...QUIET_READ },
    { enabled: ready },
  );
  const names = useMemo(
    () => (ready && search.name === undefined && total === 1 ? data?.map((c) => c.name) : undefined),
    [ready, search.name, total, data],
  );

  useClearWhenParentChanges(source, parentKey);
  useAutoPick(source, parentKey, names, ready && !isPending && !isFetching);

  const choices = useMemo(() => withCurrent(ready ? data : [], 'name', current), [ready, data, current]);
  const hint = countryCode === '' ? 'wms.widgets.selectCountryFirst' : provinceName === '' ? 'wms.widgets.selectProvinceFirst' : undefined;
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      isPending={ready && isPending}
      optionValue="name"
      optionText="name"
      filterToQuery={filterToQuery}
      setFilter={setFilter}
      disabled={disabled || !ready}
      helperText={hint ? translate(hint) : helperText}
      {...rest}
    />
  );
};
