/**
 * The form binding every upload widget starts with (FileUploader, ImageUploader, MultiImageUploader): the
 * react-admin input with the value passed through untouched (a file record or URL(s), spec 3 "Upload
 * response"), the hidden file chooser's ref, and the translate/notify/resource hooks the widgets use.
 */
import { useRef } from 'react';
import { useInput, useNotify, useResourceContext, useTranslate, type Validator } from 'react-admin';

const identity = (v: unknown) => v;

export function useUploadInput({ source, validate, disabled }: { source: string; validate?: Validator | Validator[]; disabled?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext();
  const inputRef = useRef<HTMLInputElement>(null);
  const { id, field, fieldState: { error, invalid }, isRequired } = useInput({ source, format: identity, parse: identity, validate, disabled });
  return { translate, notify, resource, inputRef, id, field, error, invalid, isRequired };
}
