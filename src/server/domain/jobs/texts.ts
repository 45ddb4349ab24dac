/**
 * Task names and task-log messages in the reader's language (issue 27 item 13).
 *
 * A task log message is written once by whichever instance ran the fire and read later by users of either
 * language, so a handler returns both texts ({@link JobText}) and the log stores them as one JSON object
 * text `{"en": ..., "zh": ...}`; {@link jobMessageIn} picks the reader's text and leaves any other text
 * (errors thrown by a handler, rows written before this change) as it is.
 *
 * The seeded tasks carry their handler's English default name (jobs/routes.ts seedDefaultJobs); a name still
 * equal to it reads in the reader's language ({@link jobNameIn}), on the task list and the task log alike;
 * a name the user changed is shown as typed.
 */
import type { Lang } from '../../../shared/validation';
import { jobHandlers } from './registry';

/** One text in both languages. */
export type JobText = { en: string; zh: string };

/** The stored form of a handler's result: JSON of a {@link JobText}, the string as is, or null for none. */
export function storedJobMessage(m: string | JobText | void | null): string | null {
  if (m === undefined || m === null) return null;
  return typeof m === 'string' ? m : JSON.stringify({ en: m.en, zh: m.zh });
}

/** A failure whose log message reads in both languages (a handler may throw one too). */
export class JobTextError extends Error {
  constructor(readonly text: JobText) { super(text.en); }
}

/** The reader's text of a stored message (see module doc); null stays null. */
export function jobMessageIn(stored: string | null, lang: Lang): string | null {
  if (!stored || !stored.startsWith('{"en":')) return stored;
  try {
    const t = JSON.parse(stored) as Partial<JobText>;
    return typeof t[lang] === 'string' ? t[lang]! : stored;
  } catch {
    return stored; // clipped or not ours: shown as stored
  }
}

/**
 * The reader's name of a task: a handler's default name in `lang` when the stored name is that English
 * default (names are unique, so at most one task carries it), else the name as stored.
 */
export function jobNameIn(name: string, lang: Lang): string {
  if (lang === 'en') return name;
  const d = jobHandlers().find((h) => h.defaults?.name.en === name)?.defaults?.name;
  return d ? d[lang] : name;
}
