/**
 * CountryInput: country select (spec 2.10 "country select"; spec 3 Country: countryCode, enName). Stores the
 * countryCode, shows `enName (countryCode)`.
 */
import { AutocompleteInput, useGetList, type AutocompleteInputProps, type RaRecord } from 'react-admin';
import { QUIET_READ } from '../providers/loading';

export interface CountryInputProps extends Omit<AutocompleteInputProps, 'source' | 'choices'> {
  source: string;
  label?: string | false;
  alwaysOn?: boolean;
  disabled?: boolean;
}

interface Country extends RaRecord {
  countryCode: string;
  enName: string;
}

const optionText = (c: Country) => (c?.countryCode ? `${c.enName} (${c.countryCode})` : '');

export const CountryInput = ({ source, label, alwaysOn: _alwaysOn, disabled, ...rest }: CountryInputProps) => {
  const { data, isPending } = useGetList<Country>('country', {
    pagination: { page: 1, perPage: 500 },
    sort: { field: 'enName', order: 'ASC' },
    ...QUIET_READ,
  });
  return (
    <AutocompleteInput
      source={source}
      label={label}
      choices={data ?? []}
      isPending={isPending}
      optionValue="countryCode"
      optionText={optionText}
      disabled={disabled}
      {...rest}
    />
  );
};
