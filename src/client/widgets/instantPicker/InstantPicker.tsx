/**
 * The date-time picker behind {@link InstantInput} (spec 2.10 "date-time range input"; issue 27 item 13/14):
 * MUI X's DateTimePicker over date-fns, in the console's language (zh: Chinese month and weekday names and
 * buttons), 24-hour, shown as `yyyy-MM-dd HH:mm` in both languages like every date-time column
 * (DateTimeField), never the browser's `mm/dd/yyyy`. Loaded on first use (it is ~40 KB), see InstantInput.
 */
import type { InputHTMLAttributes } from 'react';
import { useLocaleState } from 'react-admin';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { enUS, zhCN } from '@mui/x-date-pickers/locales';
import { enGB } from 'date-fns/locale/en-GB';
import { zhCN as zhDates } from 'date-fns/locale/zh-CN';
import type { InstantPickerProps } from './value';

export const INSTANT_FORMAT = 'yyyy-MM-dd HH:mm';

export default function InstantPicker({ value, onChange, onBlur, label, disabled, error, helperText, testId, autoFocus, required, name }: InstantPickerProps) {
  const [locale] = useLocaleState();
  const zh = locale === 'zh';
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={zh ? zhDates : enGB}
      localeText={(zh ? zhCN : enUS).components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DateTimePicker
        value={value}
        onChange={(d) => onChange(d && Number.isNaN(d.getTime()) ? 'invalid' : d)}
        label={label}
        disabled={disabled}
        format={INSTANT_FORMAT}
        ampm={false}
        autoFocus={autoFocus}
        slotProps={{
          textField: { variant: 'filled', fullWidth: true, error, helperText, required, name, onBlur, slotProps: { htmlInput: { 'data-testid': testId } as InputHTMLAttributes<HTMLInputElement> } },
          actionBar: { actions: ['clear', 'today', 'accept'] },
        }}
      />
    </LocalizationProvider>
  );
}
