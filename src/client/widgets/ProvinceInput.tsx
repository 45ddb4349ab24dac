/**
 * ProvinceInput: province select under the chosen country (spec 2.10 "province select", single result
 * auto-picked; spec 3 Province: enName, filtered by countryCode). Stores the enName. Disabled until a
 * country is chosen; cleared when the user picks another country.
 */
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { AutocompleteInput, useGetList, useTranslate, type AutocompleteInputProps, type RaRecord } from 'react-admin';
import { useAutoPick, useClearWhenParentChanges, useWatchedText, withCurrent } from './dependentInput';
import { QUIET_READ } from '../providers/loading';

export interface ProvinceInputProps extends Omit<AutocompleteInputProps, 'source' | 'choices'> {
  source: string;
  countrySource?: string;
  label?: string | false;
  alwaysOn?: boolean;
}

interface Province extends RaRecord {
  countryCode: string;
  enName: string;
}

export const ProvinceInput = ({ source, countrySource = 'countryCode', label, alwaysOn: _alwaysOn, disabled, helperText, ...rest }: ProvinceInputProps) => {
  const translate = useTranslate();
  const countryCode = useWatchedText(countrySource);
  const current = useWatch({ name: source });
  const { data, isPending, isFetching } = useGetList<Province>(
    'province',
    { filter: { countryCode }, pagination: { page: 1, perPage: 500 }, sort: { field: 'enName', order: 'ASC' }, ...QUIET_READ },
    { enabled: countryCode !== '' },
  );
  const names = useMemo(() => (countryCode === '' ? undefined : data?.map((p) => p.enName)), [countryCode, data]);

  useClearWhenParentChanges(source, countryCode);
  useAutoPick(source, countryCode, names, countryCode !== '' && !isPending && !isFetching);

  const noCountry = countryCode === '';
  const choices = useMemo(() => withCurrent(noCountry ? [] : data, 'enName', current), [noCountry, data, current]);
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={choices}
      isPending={!noCountry && isPending}
      optionValue="enName"
      optionText="enName"
      disabled={disabled || noCountry}
      helperText={noCountry ? translate('wms.widgets.selectCountryFirst') : helperText}
      {...rest}
    />
  );
};
