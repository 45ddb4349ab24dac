/**
 * EnumInput: select over an enum's values (spec 2.10 "enum select"); option labels are
 * `enums.<Enum>.<KEY>` in the current language, the stored value is the enum's number.
 */
import { SelectInput, type SelectInputProps } from 'react-admin';
import { useEnumChoices } from './enums';

export interface EnumInputProps extends Omit<SelectInputProps, 'choices' | 'source'> {
  source: string;
  enumName: string;
}

export const EnumInput = ({ source, enumName, ...rest }: EnumInputProps) => {
  const choices = useEnumChoices(enumName);
  return <SelectInput source={source} choices={choices} translateChoice={false} {...rest} />;
};
