/**
 * How a document screen (inbound orders, adjustments, outbound orders) names its parts, so the kit's pieces
 * can build test ids, CSS classes and message keys by one convention:
 * - test ids `${testId}-<part>` (e.g. `inbound-row`, `inbound-row-view`, `inbound-save`);
 * - CSS classes `wms-${testId}-<part>` (e.g. `wms-judgement-table`);
 * - message keys `${ns}.<group>.<key>` with the groups every screen's messages.ts holds:
 *   `action.{add,view,edit,delete,save,cancel,close,more,remove_line}`, `filter.{search,reset}`,
 *   `form.{owner,warehouse,lines,no_lines,locked_hint}`, `line.<column>`, `column.operations`,
 *   `rules.{owner_first,warehouse_first,sku_required,qty_*,lines_required,too_many_lines,max_length}`,
 *   `dialog.{add,edit,view,delete,confirm,back,keep}` and `success`.
 */
export interface DocumentNames {
  /** Test id and CSS class stem, e.g. `inbound`. */
  testId: string;
  /** Message namespace, e.g. `app.inbound`. */
  ns: string;
}

/** `${testId}-${part}`. */
export const testIdOf = (names: DocumentNames, part: string): string => `${names.testId}-${part}`;

/** `wms-${testId}-${part}`. */
export const classOf = (names: DocumentNames, part: string): string => `wms-${names.testId}-${part}`;

/** `${ns}.${key}`. */
export const keyOf = (names: DocumentNames, key: string): string => `${names.ns}.${key}`;

/**
 * The `%{one}` (and capitalised `%{One}`) of a resource's titles and prompts: its singular name as it reads in a
 * sentence (manifest `one`: "New warehouse", "Delete warehouse JED01?"), else its name.
 */
export function oneOptions(translate: (key: string, options?: Record<string, unknown>) => string, resource: string | undefined): { one: string; One: string } {
  const one = resource ? translate(`resources.${resource}.one`, { _: translate(`resources.${resource}.name`, { _: resource }) }) : '';
  return { one, One: one.charAt(0).toUpperCase() + one.slice(1) };
}
