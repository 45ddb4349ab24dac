/**
 * AllOrSomeInput: "all" switch plus a multi-select of enabled records (spec 2.5: 'all warehouses' /
 * 'all cargo owners' switch, a multi-select when off; spec 3, 9: `[-1]` means all; spec 2.10: only enabled
 * owners and warehouses are listed). Switch on -> value `[-1]`; off -> the chosen ids (default `[]`).
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
  useInput,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { ALL_ID, isAllIds } from './allIds';
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

export const AllOrSomeInput = ({ source, reference, label, helperText, isRequired: isRequiredOption }: AllOrSomeInputProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { field, id, isRequired } = useInput({ source, defaultValue: [], format: identity, parse: identity, isRequired: isRequiredOption });
  const all = isAllIds(field.value);
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
