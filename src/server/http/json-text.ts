/**
 * JSON that is already text (issue 13 "read path"): the generic reads get their records from PostgreSQL as one
 * JSON text (crud/records-sql.ts), and `sapiRoute` puts a handler's {@link JsonText} answer into the envelope as
 * it is, instead of parsing it into objects and serializing them again.
 *
 * Anything else that meets a JsonText (JSON.stringify of an object holding one) still gets the right JSON
 * through `toJSON`, only without the saving.
 */
export class JsonText {
  /** `text` must be one complete JSON value (the caller's guarantee: it comes from PostgreSQL's json functions). */
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * The JSON object text of `fields`, in their order, undefined ones left out (as JSON.stringify does); a JsonText
 * value goes in as it is, every other value through JSON.stringify. E.g. a page: `{records: JsonText, current,
 * total}`.
 */
export function jsonObject(fields: Record<string, unknown>): JsonText {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${value instanceof JsonText ? value.text : JSON.stringify(value)}`);
  }
  return new JsonText(`{${parts.join(',')}}`);
}
