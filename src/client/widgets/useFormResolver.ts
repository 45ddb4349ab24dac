/**
 * useFormResolver: a react-hook-form resolver from a yup schema built for the form's mode and the current
 * language, so validation messages follow the language switch (spec 1; spec 5 validation rules; the schema
 * factories live in generated/shared/schemas.ts and src/shared/validation.ts).
 */
import { useMemo } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useLocaleState } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import type * as yup from 'yup';
import type { Source } from '../../shared/validation';

export type FormMode = 'add' | 'edit';
export type FormLang = 'en' | 'zh';
/** A generated form factory; the console passes source 'input' (form inputs may be cast, src/shared/validation.ts). */
export type SchemaFactory = (mode: FormMode, lang: FormLang, source?: Source) => yup.ObjectSchema<any>;

export function useFormResolver(factory: SchemaFactory, mode: FormMode): Resolver<any> {
  const [locale] = useLocaleState();
  const lang: FormLang = locale === 'zh' ? 'zh' : 'en';
  return useMemo(() => yupResolver(factory(mode, lang, 'input')) as unknown as Resolver<any>, [factory, mode, lang]);
}
