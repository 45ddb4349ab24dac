/**
 * Required-field texts of the SKU screens' forms (spec 5: "required fields show 'please input' or 'please
 * select'"; import forms: 'please select' / 'please upload').
 *
 * The generated schema factories (generated/shared/schemas.ts, through useFormResolver) hold every rule;
 * `withRequiredMessages` only replaces the message of an error on an empty field: 'please select' for
 * select fields, 'please input' for the others. Errors on filled fields (length, range, decimals) keep the
 * schema's text.
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldError, Resolver } from 'react-hook-form';
import { useFormResolver, type FormMode, type SchemaFactory } from '../../widgets/useFormResolver';

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

export interface RequiredTexts {
  input: string;
  select: string;
}

/** Wraps a resolver: errors on empty fields say 'please select' (select fields) or 'please input'. */
export function withRequiredMessages(resolver: Resolver<any>, texts: RequiredTexts, selectFields: readonly string[] = []): Resolver<any> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, FieldError | undefined>;
    for (const key of Object.keys(errors ?? {})) {
      const error = errors[key];
      if (!error || typeof error !== 'object' || !('message' in error)) continue;
      if (!isEmptyValue((values as Record<string, unknown>)?.[key])) continue;
      errors[key] = { ...error, type: 'required', message: selectFields.includes(key) ? texts.select : texts.input };
    }
    return result;
  };
}

/** The current language's 'please input' / 'please select' texts. */
export function useRequiredTexts(): RequiredTexts {
  const translate = useTranslate();
  return useMemo(
    () => ({ input: translate('app.sku.rules.please_input'), select: translate('app.sku.rules.please_select') }),
    [translate],
  );
}

/** useFormResolver(factory, mode) with the required texts above. */
export function useRequiredResolver(factory: SchemaFactory, mode: FormMode, selectFields: readonly string[]): Resolver<any> {
  const base = useFormResolver(factory, mode);
  const texts = useRequiredTexts();
  const key = selectFields.join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => withRequiredMessages(base, texts, selectFields), [base, texts, key]);
}
