/**
 * Tables that are not resources of the manifest: sessions and captchas (kept in the database so that any
 * instance can check them, DESIGN "Databases"). Migrations for these come from drizzle-kit with the rest.
 */
import { boolean, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A login session: token -> user; idle expiry slides, old tokens are rotated (docs/architecture.md). */
export const sysSession = pgTable('sys_session', {
  token: varchar('token', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  replacedBy: varchar('replaced_by', { length: 64 }),
}, (t) => [index('sys_session_user_idx').on(t.userId)]);

/** A captcha answer: single use, expires after 5 minutes (spec 7.2, issue 2). */
export const sysCaptcha = pgTable('sys_captcha', {
  id: varchar('id', { length: 36 }).primaryKey(),
  type: integer('type').notNull(),
  answer: varchar('answer', { length: 16 }).notNull(),
  used: boolean('used').default(false).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
