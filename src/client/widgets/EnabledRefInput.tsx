/**
 * Owner and warehouse selects (spec 2.10): only enabled records (status ENABLE = 1) are listed, searched by
 * name; with `autoPick`, a select whose first (unsearched) load holds exactly one option picks it by itself
 * when the field is empty ("single-result selects auto-pick") and tells `onAutoPick`, so a filter bar can
 * apply the pick at once. One rule for every screen: SKU, inventory and adjustment forms and filters.
 */
import { useEffect, useRef } from 'react';
import { AutocompleteInput, ReferenceInput, useChoicesContext, type Identifier, type Validator } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { Status } from '../../../generated/shared/enums';
import { QUIET_READ } from '../providers/loading';

const ENABLED = { status: Status.ENABLE };
const byName = (searchText: string) => (searchText ? { name: searchText.trim() } : {});

/**
 * Picks the only option of the first load of the surrounding ReferenceInput when the field is empty (spec 2.10);
 * generated add forms put it in every reference select (codegen/emit-client.ts), e.g. the owner's one company.
 */
export const AutoPickSingle = ({ source, onAutoPick }: { source: string; onAutoPick?: (id: Identifier) => void }) => {
  const { allChoices, total, isPending } = useChoicesContext();
  const { getValues, setValue } = useFormContext();
  const settled = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (isPending || settled.current) return;
    // only the first load counts: later loads follow what the user types
    settled.current = true;
    if (total !== 1 || allChoices?.length !== 1) return;
    const id = allChoices[0].id as Identifier;
    // after the form has set its starting values: a list already cached loads in the same render as the
    // form mounts, and the form's own reset would clear a pick made now
    timer.current = setTimeout(() => {
      const current = getValues(source);
      if (current !== undefined && current !== null && current !== '') return;
      setValue(source, id, { shouldDirty: true });
      onAutoPick?.(id);
    }, 0);
  }, [isPending, total, allChoices, source, getValues, setValue, onAutoPick]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return null;
};

export interface EnabledRefInputProps {
  reference: 'owner' | 'warehouse';
  source: string;
  label: string;
  disabled?: boolean;
  validate?: Validator | Validator[];
  /** Pick the only enabled option by itself (never while disabled). */
  autoPick?: boolean;
  onAutoPick?: (id: Identifier) => void;
  onChange?: (value: unknown) => void;
  helperText?: string | false;
  fullWidth?: boolean;
  className?: string;
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

export const EnabledRefInput = ({ reference, source, label, disabled, validate, autoPick = false, onAutoPick, onChange, helperText, fullWidth, className, isRequired }: EnabledRefInputProps) => (
  <ReferenceInput source={source} reference={reference} filter={ENABLED} perPage={100} sort={{ field: 'name', order: 'ASC' }} queryOptions={QUIET_READ}>
    <AutocompleteInput label={label} optionText="name" filterToQuery={byName} disabled={disabled} validate={validate} onChange={onChange} helperText={helperText} fullWidth={fullWidth} className={className} isRequired={isRequired} />
    {autoPick && !disabled ? <AutoPickSingle source={source} onAutoPick={onAutoPick} /> : null}
  </ReferenceInput>
);

type RefProps = Omit<EnabledRefInputProps, 'reference' | 'source' | 'label'> & { source?: string; label?: string };

/** The goods-owner select. */
export const OwnerInput = ({ source = 'ownerId', label = 'resources.sku.fields.ownerId', ...rest }: RefProps) => (
  <EnabledRefInput reference="owner" source={source} label={label} {...rest} />
);

/** The warehouse select. */
export const WarehouseInput = ({ source = 'warehouseId', label = 'resources.inventory.fields.warehouseId', ...rest }: RefProps) => (
  <EnabledRefInput reference="warehouse" source={source} label={label} {...rest} />
);
