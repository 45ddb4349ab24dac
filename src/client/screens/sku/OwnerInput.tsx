/**
 * The goods-owner select of the SKU screens (spec 2.10 owner select: only enabled owners are listed; a select
 * with a single option picks it by itself). A ReferenceInput on 'owner' (status ENABLE = 1) with an
 * AutocompleteInput searching by name.
 */
import { useEffect } from 'react';
import { AutocompleteInput, ReferenceInput, useChoicesContext, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';

const ENABLE = 1;
const byName = (searchText: string) => (searchText ? { name: searchText.trim() } : {});

/** Picks the only option of the surrounding ReferenceInput when the field is empty. */
const AutoPickSingle = ({ source }: { source: string }) => {
  const { allChoices, total, isPending } = useChoicesContext();
  const { getValues, setValue } = useFormContext();
  const only = !isPending && total === 1 && allChoices?.length === 1 ? allChoices[0] : undefined;
  useEffect(() => {
    if (!only) return;
    const current = getValues(source);
    if (current === undefined || current === null || current === '') setValue(source, only.id, { shouldDirty: true });
  }, [only, source, getValues, setValue]);
  return null;
};

export interface OwnerInputProps {
  source?: string;
  label?: string;
  disabled?: boolean;
  validate?: Validator | Validator[];
  /** Pick the only enabled owner by itself (forms; off for filters). */
  autoPick?: boolean;
  helperText?: string | false;
  fullWidth?: boolean;
  className?: string;
}

export const OwnerInput = ({ source = 'ownerId', label = 'resources.sku.fields.ownerId', disabled, validate, autoPick = false, helperText, fullWidth, className }: OwnerInputProps) => (
  <ReferenceInput source={source} reference="owner" filter={{ status: ENABLE }} perPage={100} sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteInput
      label={label}
      optionText="name"
      filterToQuery={byName}
      disabled={disabled}
      validate={validate}
      helperText={helperText}
      fullWidth={fullWidth}
      className={className}
    />
    {autoPick && !disabled ? <AutoPickSingle source={source} /> : null}
  </ReferenceInput>
);
