/**
 * What a date-time input hands the form (issue 26): the browser's `datetime-local` text (`2024-02-03T04:05`, wall
 * time of the browser's zone) as the instant it names in ISO 8601 UTC (`2024-02-03T01:05:00.000Z` at UTC+3), so
 * the server stores what the user saw whatever its own zone. '' or null -> null (cleared); text that names no real
 * instant (shared/validation.ts parseInstant) is kept as typed, for the date rule to refuse with the field's label.
 */
import { parseInstant } from '../../shared/validation';

export function inputInstant(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  return parseInstant(value.trim())?.toISOString() ?? value;
}
