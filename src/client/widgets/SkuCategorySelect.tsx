/**
 * SkuCategorySelect: the SKU category select (spec 2.10 "SKU category select"; spec 3 SKU category: id, name).
 * A ReferenceInput on resource 'skuCategory' with an AutocompleteInput that searches by name. The value is
 * the category id.
 */
import { AutocompleteInput, ReferenceInput, type Validator } from 'react-admin';
import { QUIET_READ } from '../providers/loading';

export interface SkuCategorySelectProps {
  source: string;
  /** Kept for react-admin filter lists. */
  alwaysOn?: boolean;
  label?: string | false;
  disabled?: boolean;
  validate?: Validator | Validator[];
  helperText?: string | false;
  fullWidth?: boolean;
  className?: string;
  size?: 'small' | 'medium';
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

const byName = (searchText: string) => (searchText ? { name: searchText.trim() } : {});

export const SkuCategorySelect = ({ source, alwaysOn: _alwaysOn, label, disabled, validate, helperText, fullWidth, className, size, isRequired }: SkuCategorySelectProps) => (
  <ReferenceInput source={source} reference="skuCategory" perPage={100} sort={{ field: 'name', order: 'ASC' }} queryOptions={QUIET_READ}>
    <AutocompleteInput
      label={label ?? 'resources.sku.fields.categoryId'}
      optionText="name"
      filterToQuery={byName}
      disabled={disabled}
      validate={validate}
      helperText={helperText}
      fullWidth={fullWidth}
      className={className}
      size={size}
      isRequired={isRequired}
    />
  </ReferenceInput>
);
