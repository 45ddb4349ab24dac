/**
 * MoneyInput: an amount stored in cents, edited divided by 100 with 2 decimals (spec 1 money display);
 * the entered amount is multiplied by 100 and rounded before it reaches the form.
 */
import { NumberInput, type NumberInputProps } from 'react-admin';
import { centsToText, textToCents } from './money';

export interface MoneyInputProps extends Omit<NumberInputProps, 'format' | 'parse' | 'source'> {
  source: string;
}

export const MoneyInput = ({ source, step = 0.01, ...rest }: MoneyInputProps) => (
  <NumberInput source={source} step={step} format={centsToText} parse={textToCents} {...rest} />
);
