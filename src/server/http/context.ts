/**
 * What every /sapi request carries once its headers are read (spec 7.1): the language of messages, the
 * caller's time-zone offset in hours, and (after the session step) the user with codes and data scope.
 */
import type { FastifyRequest } from 'fastify';
import { Headers } from '../../shared/envelope';
import type { Lang } from '../../shared/validation';

/** The logged-in user as the guards see it. `warehouseIds`/`ownerIds` are 'all' for [-1] (spec 3, 9). */
export interface UserContext {
  id: number;
  name: string;
  isAdmin: boolean;
  /** Role codes followed by every permission code the roles grant (the `roles` of current/detail). */
  roles: string[];
  codes: Set<string>;
  warehouseIds: number[] | 'all';
  ownerIds: number[] | 'all';
  token: string;
}

/**
 * `session`: set when the user came from the session cache; a read that folds the session check into its
 * statement verifies it there (crud/records-sql.ts), any other call never sees such a context.
 */
export interface RequestContext { lang: Lang; tzHours: number; user?: UserContext; session?: { token: string; fingerprint: string } }

/** Reads X-Lang (en|zh, default en) and X-Time-Zone (signed whole hours, empty = 0). */
export function readContext(req: FastifyRequest): RequestContext {
  const lang = String(req.headers[Headers.lang] ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
  const tz = Number(String(req.headers[Headers.timeZone] ?? '').trim() || 0);
  return { lang, tzHours: Number.isFinite(tz) && Math.abs(tz) <= 14 ? tz : 0 };
}
