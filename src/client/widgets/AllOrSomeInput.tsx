/**
 * AllOrSomeInput: "all" switch plus a multi-select of enabled records (spec 2.5: 'all warehouses' /
 * 'all cargo owners' switch, a multi-select when off; spec 3, 9: `[-1]` means all; spec 2.10: only enabled
 * owners and warehouses are listed). Switch on -> value `[-1]`; off -> the chosen ids (default `[]`).
 * The switch is offered only to an editor whose own scope of that kind is all (issue 26: grants never exceed
 * the granter, src/shared/grants.ts); the list offers what the server lets the editor read, its own scope.
 */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import {
  AutocompleteArrayInput,
  FieldTitle,
  ReferenceArrayInput,
  useGetIdentity,
  useInput,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { ALL_ID, isAllIds } from './allIds';
import { ADMIN_CODE, idBeyondScope } from '../../shared/grants';
import { QUIET_READ } from '../providers/loading';

export interface AllOrSomeInputProps {
  source: string;
  reference: string;
  label?: string | false;
  helperText?: ReactNode;
  /** Shows the required mark (the rule itself lives in the form's schema). */
  isRequired?: boolean;
}

/** Only enabled records are offered (Status ENABLE = 1). */
const ENABLED_FILTER = { status: 1 };
const identity = (v: unknown) => v;

/** The editor's own scope list for `reference` ('warehouse' -> warehouseIds, 'owner' -> ownerIds), if known. */
function ownScope(user: unknown, reference: string): readonly number[] | undefined {
  const u = user as { warehouseIds?: number[]; ownerIds?: number[]; roles?: string[] } | undefined;
  if (u?.roles?.includes(ADMIN_CODE)) return [ALL_ID];
  return reference === 'warehouse' ? u?.warehouseIds : reference === 'owner' ? u?.ownerIds : undefined;
}

export const AllOrSomeInput = ({ source, reference, label, helperText, isRequired: isRequiredOption }: AllOrSomeInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, id, isRequired } = useInput({ source, defaultValue: [], format: identity, parse: identity, isRequired: isRequiredOption });
  const all = isAllIds(field.value);
  const { identity: me } = useGetIdentity();
  const mine = ownScope(me?.user, reference);
  // unknown (no identity yet, another reference): the server still decides
  const mayGrantAll = !mine || idBeyondScope(mine, [ALL_ID]) === undefined;
  const switchLabel = translate('wms.widgets.all');

  return (
    <Box className={`ra-input ra-input-${source} wms-all-or-some`} sx={{ display: 'flex', flexDirection: 'column', width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {label !== false && (
          <FormLabel htmlFor={`${id}-all`}>
            <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />
          </FormLabel>
        )}
        <FormControlLabel
          label={switchLabel}
          control={
            <Switch
              id={`${id}-all`}
              checked={all}
              disabled={!mayGrantAll && !all}
              onChange={(_event, checked) => field.onChange(checked ? [ALL_ID] : [])}
              onBlur={field.onBlur}
              slotProps={{ input: { 'aria-label': switchLabel } }}
            />
          }
        />
      </Box>
      {!all && (
        <ReferenceArrayInput source={source} reference={reference} filter={ENABLED_FILTER} queryOptions={QUIET_READ}>
          <AutocompleteArrayInput label={label} helperText={helperText} />
        </ReferenceArrayInput>
      )}
    </Box>
  );
};
