/**
 * A grid of plain text inputs for some fields of a package resource (package dialog, the shipping screen's
 * pack form). Label, length limit and keyboard come from the manifest field (`resources.<resource>.fields.*`;
 * number fields get the decimal keyboard); each input shows its error or hint below it and carries
 * `data-testid="<testId>-<field>"`.
 */
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { PACKAGE_META } from './constants';

export interface FieldInputsProps {
  resource: 'inboundPackage' | 'outboundPackage';
  fields: readonly string[];
  values: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (field: string, value: string) => void;
  /** Translation keys of hints per field (shown while there is no error). */
  hints?: Readonly<Record<string, string>>;
  disabled?: boolean;
  testId: string;
}

export const FieldInputs = ({ resource, fields, values, errors, onChange, hints = {}, disabled, testId }: FieldInputsProps) => {
  const translate = useTranslate();
  const meta = PACKAGE_META[resource];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: 2 }}>
      {fields.map((name) => {
        const field = meta.fields.find((f) => f.name === name);
        const numeric = field?.type === 'number';
        const error = errors[name];
        return (
          <TextField
            key={name}
            size="small"
            label={translate(`resources.${resource}.fields.${name}`)}
            value={values[name] ?? ''}
            onChange={(e) => onChange(name, e.target.value)}
            error={Boolean(error)}
            helperText={error ?? (hints[name] ? translate(hints[name]) : undefined)}
            disabled={disabled}
            sx={name === 'remark' ? { gridColumn: '1 / -1' } : undefined}
            slotProps={{
              htmlInput: {
                'data-testid': `${testId}-${name}`,
                ...(numeric ? { inputMode: 'decimal' } : { maxLength: field?.maxLength }),
                autoComplete: 'off',
              },
            }}
          />
        );
      })}
    </Box>
  );
};
