/**
 * The /sapi envelope (spec 7, DESIGN "The /sapi contract"): `{code, msg, data}` with HTTP 200 for every
 * business outcome. Page data is `{records, current, total}`, plus `totalCapped: true` when more than
 * `total` (10,000) rows match and the count stopped there (issue 13, src/server/crud/count.ts).
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Too many requests from one address or for one link (the public share call; issue 16). */
  TOO_MANY_REQUESTS: 429,
  ERROR: 500,
  NOT_LOGGED_IN: 600,
} as const;
export type Code = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> { code: number; msg: string; data: T }
export interface Page<T> { records: T[]; current: number; total: number; totalCapped?: true }

/** Header names of spec 7.1 (docs/architecture.md). */
export const Headers = {
  token: 'x-token',
  uploadToken: 'x-upload-token',
  timeZone: 'x-time-zone',
  lang: 'x-lang',
  newToken: 'x-new-token',
} as const;
