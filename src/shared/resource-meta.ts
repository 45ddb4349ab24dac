/**
 * The shape of the manifest once loaded (codegen/manifest.ts) and of the resource metadata the generator
 * writes into generated/shared/resources.ts: one definition, read by the generator, the server's generic
 * handlers and the console's widgets alike.
 */
export const FIELD_TYPES = ['string', 'text', 'int', 'number', 'money', 'boolean', 'enum', 'ref', 'refs', 'strings', 'datetime', 'date', 'password', 'secret'] as const;
/** `date`: a calendar date without time or zone, `yyyy-MM-dd` on the wire and a PostgreSQL `date` (e.g. a batch's expiry date). */
export type FieldType = (typeof FIELD_TYPES)[number];
/** codes: comma-joined values (the multi-line multi-input, spec 2.10): one value matches as contains, several as IN. */
export const FILTER_KINDS = ['eq', 'contains', 'in', 'dateRange', 'codes'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];
export const OPERATIONS = ['list', 'page', 'detail', 'add', 'edit', 'remove', 'lock', 'unlock'] as const;
export type Operation = (typeof OPERATIONS)[number];
/**
 * Codes per operation. Besides the generic operations: `import`, the code of `<path>/excel/import` (an Excel import
 * the server registers, e.g. domain/imports/location-import.ts), and `labels`, the code of `<path>/exportLabels` (a
 * label PDF, e.g. domain/location-labels.ts); a resource declaring them gets their buttons on its default screen
 * (codegen/manifest-screen.ts defaultScreen).
 */
export const PERMISSION_KEYS = ['top', 'list', 'add', 'edit', 'remove', 'lock', 'unlock', 'import', 'labels'] as const;
/**
 * Inputs a field may name; `image`: one uploaded picture (a string field holding its url; spec 2.10 image uploader);
 * `grantableRoles`: a user's roles, offering only those the editor may grant (issue 26).
 */
export const WIDGETS = ['country', 'province', 'city', 'permissionTree', 'image', 'grantableRoles'] as const;
export const PATTERNS = ['email', 'phone', 'code', 'cron', 'jsonObject'] as const;
/** Colours of an enum value's tag (MUI Chip colours). */
export const TAG_COLORS = ['default', 'primary', 'info', 'success', 'warning', 'error'] as const;
/** The most row actions a list row shows as buttons (screen `inline`); the others are in the row's menu (issue 27). */
export const MAX_INLINE = 2;
export type TagColor = (typeof TAG_COLORS)[number];

export interface Label { en: string; zh: string }

export interface FieldSpec extends Label {
  name: string;
  type: FieldType;
  column: string;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  decimals?: number;
  pattern?: (typeof PATTERNS)[number];
  /** enum fields: their enum; strings fields may name one too: their values are then keys of that enum. */
  enum?: string;
  resource?: string;
  /** ref fields: the API name of the referenced record's name (default: companyId -> companyName). */
  nameAs?: string;
  allowAll: boolean;
  default?: string | number | boolean;
  unique: boolean;
  filter?: FilterKind;
  sortable: boolean;
  list: boolean;
  form: boolean;
  readOnlyOnEdit: boolean;
  /** A pg_trgm GIN index, so that a contains/codes filter stays fast on large tables (ILIKE '%x%'). */
  trigram: boolean;
  /** Hidden in the form when the record is the logged-in user (spec 2.5: a user does not edit their own status). */
  hideOnSelf: boolean;
  system: boolean;
  widget?: (typeof WIDGETS)[number];
  /** money fields: the enum field holding the amount's currency (shown together, e.g. `125.50 SAR`). */
  currency?: string;
  /** boolean fields: the texts of true and false (e.g. Enabled / Disabled), shown as tags and filter choices. */
  values?: { true: Label; false: Label };
  /** No column: the resource's decorate hook fills it whenever records are read (e.g. a company's orders this month). */
  computed?: boolean;
  /** Computed int fields: shown in lists as `value / <outOf field>` (a quota: `3 / 100`; 0 there = unlimited, `3 / ∞`). */
  outOf?: string;
  /** int / number fields: `false` shows the value without thousands separators (a port: 5432, not 5,432). */
  grouping?: false;
  /** An example value (the owner API's OpenAPI document shows it; issue 31). */
  example?: unknown;
}

export interface ResourceSpec extends Label {
  name: string;
  path: string;
  table: string;
  represent: string;
  scope: { owner?: string; warehouse?: string };
  permissions: Partial<Record<(typeof PERMISSION_KEYS)[number], string>>;
  operations: Operation[];
  /** code: what the menu entry needs when it differs from the list code (spec 2.3). */
  menu?: { group: string; route: string; order: number; icon: string; code?: string };
  defaultSort: { field: string; order: 'asc' | 'desc' };
  unique: string[][];
  fields: FieldSpec[];
  /** Query parameters handled by the resource's hand-written filter hook (e.g. SKU ecPlatform, spec 3). */
  queryParams: FieldSpec[];
  /** Database CHECK constraints: constraint name suffix -> SQL over column names (e.g. inventory qty >= 0). */
  checks: Record<string, string>;
  /**
   * Plain indexes the generated ones do not give (manifest `indexes: [[warehouseId, ownerId, qty]]`): each list of
   * fields is indexed in that order, then id (a page filtered by the leading fields and sorted by the last, and its
   * capped count, read from one index). Left out when there are none.
   */
  indexes?: string[][];
  /**
   * Records written only by business modules (the inventory ledger): the add/edit/remove calls stay on the
   * wire (spec 7.2) but refuse with this message, and the console gets no create/edit screens.
   */
  readOnly?: Label;
  /** The states of the resource's status field and the actions that move between them (see WorkflowSpec). */
  workflow?: WorkflowSpec;
  /** Reading needs a code per value of an enum field (ListCodesSpec), e.g. inbound orders by type (spec 2.3). */
  listCodes?: ListCodesSpec;
  /**
   * The console's list views, columns, row actions and form (DocumentScreenSpec): declared for a document, else
   * derived by the manifest loader for every resource with a menu entry (codegen/manifest-screen.ts defaultScreen).
   */
  screen?: DocumentScreenSpec;
  /**
   * The singular name as it reads inside a sentence (`one: { en: warehouse, zh: 仓库 }`): dialog titles "New
   * warehouse", "Edit warehouse JED01", "Delete warehouse JED01?" (i18n `resources.<r>.one`). Every resource with
   * a screen has one.
   */
  one?: Label;
  /**
   * A boolean field whose true value locks a row: no Edit, no Delete (e.g. the built-in database connection).
   * The server's hooks refuse those writes; this is what the console offers.
   */
  lockedRows?: string;
}

/**
 * One entry of a screen's filters, columns or form fields: a field of the resource (its label, type and
 * limits come from the field), shown in every view or only in `views`; `widget` names a hand-written cell or
 * input registered in the console (src/client/kit/screen/registry.ts) for what the manifest cannot say;
 * `label` replaces the field's label (a widget column that shows more than the field, a filter worded for what
 * one types): i18n `resources.<r>.filters.<field>` for a filter, else `resources.<r>.columns.<field>`.
 */
export interface ScreenItem {
  field: string;
  views?: string[];
  widget?: string;
  label?: Label;
  required?: boolean;
  /** Filters only, on a ref field: typed as the referenced record's number (its represent), looked up to its id. */
  lookup?: boolean;
}

/**
 * A row action of a screen: a workflow action (`name` is the action's) or a registered widget. kind `confirm`
 * asks first, then calls `<path>/<name>` with `{id}`; `reason` opens a dialog for the required text field
 * `reasonField`, then calls with `{id, <reasonField>}`; `form` asks for `fields` in a small dialog, then calls
 * with `{id, ...fields}`; `widget` renders the registered row action `widget`.
 */
export interface ScreenActionSpec {
  name: string;
  kind: 'confirm' | 'reason' | 'form' | 'widget';
  reasonField?: string;
  /** kind form: the fields a small dialog asks for (each required), sent with the id. */
  fields?: string[];
  widget?: string;
  /** error: destructive (sits apart at the end of the row's menu, never inline). */
  color?: 'primary' | 'success' | 'error' | 'warning';
  /** kind confirm: the action's own prompt (`%{no}` the document number) and its buttons (Keep ... / <Action> ...). */
  confirm?: Label & { keep: Label; ok: Label };
}

/**
 * A list view: its route (none: shown only inside another screen's dialog, see `children`), title, the
 * permanent filter (field -> value, sent on add too), the preset (filter values shown locked in the filter
 * bar, never sent on add) and the code that opens it.
 */
export interface ViewSpec extends Label {
  name: string;
  route?: string;
  filter: Record<string, number | string | boolean>;
  preset?: Record<string, number | string | boolean>;
  code: string;
  /** EcPlatform value the lines' SKU picker is preset to (noon orders pick noon SKUs). */
  skuPlatform?: number;
  /** false: this view offers no Add (its records are made elsewhere, e.g. a transfer's orders). */
  add?: false;
}

/**
 * How the console shows a document resource (DESIGN.md "Screens are declarations too"): list views with
 * their routes; the filter bar's fields in order (Search and Reset follow); the columns between the row
 * number and the operations; the row actions (view, edit and delete while the status is one of `editable`,
 * then `actions` from the workflow the user's codes and the record's state allow); widgets at the top and in
 * every row; the create/edit dialog's fields and its lines (a child resource edited with the SKU picker);
 * the view dialog's line columns.
 */
export interface DocumentScreenSpec {
  /** Test ids `${testId}-...` of the screen's parts. */
  testId: string;
  /** The document number field (titles and prompts). */
  number: string;
  /**
   * Status values in which edit and delete are offered: of the workflow field, or with `ref` of the workflow of
   * the record that ref field points to (a package's order). Absent: always offered (the server decides).
   */
  editable?: { states: number[]; ref?: string };
  /** false: no Add button (the records are made elsewhere, e.g. packages from their order). */
  add?: false;
  views: ViewSpec[];
  filters: ScreenItem[];
  columns: ScreenItem[];
  actions: ScreenActionSpec[];
  topWidgets: string[];
  rowWidgets: string[];
  /** false: rows offer no View (a list whose columns say it all, e.g. SKUs); true: they do (a derived screen's default is none). */
  view?: boolean;
  /**
   * Routes that open the list with a dialog open (spec 2.3: `/user/add`, `/dbms/database/edit/:id`,
   * `/dbms/database/detail/:id`): `add` the create dialog, `edit` the edit dialog, `detail` the read-only view
   * of record `:id`. Closing the dialog goes to the list's route.
   */
  pages?: { add?: string; edit?: string; detail?: string };
  /** Row checkboxes; `bulkWidgets` act on the selected rows (disabled while none is selected). */
  selectable?: true;
  bulkWidgets: string[];
  /**
   * Child resources edited from a row (SKU -> supplier SKUs): a row button per child opens a dialog with the
   * child's own screen, preset to the row through the child's `ref` field (sent on add too).
   */
  children: Array<{ resource: string; ref: string }>;
  /**
   * The row actions shown as buttons (at most two: view, edit, workflow actions, row widgets, children; never a
   * destructive one); every other action of the row is in its menu. Absent, or none of them offered by the row:
   * the first non-destructive workflow action the row offers, then edit (else view); neither: its first action.
   */
  inline?: string[];
  /**
   * The create/edit dialog: the generic one over `fields` and `lines`, or the registered form `widget`
   * (registerForm) editing `fields`, with `lines` naming the lines resource of the view dialog.
   * `emptyPrompt`: an empty required field says "Please input" / "Please select" (spec 5 SKU forms) instead
   * of "<label> cannot be empty". `reveal`: the add answer's field holding a value shown once (an API key): the
   * dialog shows it after saving, with Copy, and says it is not shown again.
   */
  form?: { fields: ScreenItem[]; widget?: string; lines?: ScreenLinesSpec; emptyPrompt?: true; reveal?: string };
  /**
   * Columns of the view dialog's lines: fields of the lines resource, registered column widgets, or (with a
   * label) a display value the server adds to each line (e.g. the inventory record's current quantity).
   */
  viewLines: ScreenItem[];
  /** The lines resource of `viewLines` when the screen has no `form.lines` (a read-only document: invoice lines). */
  viewLinesOf?: string;
}

/**
 * The lines of a screen's create/edit form: fields of the child resource `resource`, checked with its
 * generated rules. `requiredWithout` (line field -> other line field): the field is required only while the
 * other one is empty (an adjustment line names an inventory record, or else a SKU). `widget`: a registered
 * lines editor (registerLines) replaces the plain lines table; `texts` are the labels it shows besides the
 * fields' (buttons, hints), as `resources.<resource of the screen>.lines.<key>`.
 */
export interface ScreenLinesSpec {
  resource: string;
  fields: string[];
  requiredWithout?: Record<string, string>;
  widget?: string;
  texts?: Record<string, Label>;
}

/**
 * Records split by an enum field into lists with their own codes (spec 2.3: /inbound/return_list needs
 * inbound:return_list): a value listed in `codes` needs that code, any other value the resource's list code.
 * list/page/detail answer a user holding any of the codes, with only the records of the values they may read;
 * every other call on the resource sees the same cut (one cannot act on an order one cannot see).
 */
export interface ListCodesSpec {
  field: string;
  /** enum value -> permission code */
  codes: Record<number, string>;
}

/** A required code as the codes any of which passes ('a|b', see readCodes). */
export const codeAlternatives = (code: string): string[] => code.split('|');

/** The codes that read `r` (its list code and the listCodes), and which enum values each code opens. */
export function readCodes(r: Pick<ResourceSpec, 'permissions' | 'listCodes'>): string[] {
  return [...new Set([r.permissions.list!, ...Object.values(r.listCodes?.codes ?? {})])];
}

/**
 * A document's life cycle, declared once in the manifest and read by the server (guarded transitions), the
 * console (which action buttons a record offers) and the generated docs (generated/docs/workflows.md).
 * `states` are the values of the status field's enum; an action may be taken from any of `from` and ends in
 * one of `to` (several when the outcome depends on the data, e.g. receiving part or all of an order).
 */
export interface WorkflowSpec {
  field: string;
  states: Array<Label & { key: string; value: number; color?: TagColor }>;
  actions: Array<Label & { name: string; from: number[]; to: number[]; code: string }>;
}

export interface EnumSpec extends Label { name: string; values: Array<Label & { key: string; value: number; color?: TagColor }> }
export interface MenuGroupSpec extends Label { key: string; icon: string; order: number }
/** A permission code not derived from a resource's operations (spec 6, e.g. outbound:export_ec_platform_labels). */
export interface CodeSpec extends Label { code: string; type: 'menu' | 'button'; parent?: string }
/**
 * A console route that is not a resource's list (spec 2.3: e.g. /inbound/return_list, /func/normal_inbound_exec):
 * a sidebar entry in `group`, or `hidden` (no sidebar entry, e.g. /func/return_inbound_exec). `code` guards the route.
 */
export interface ScreenSpec extends Label { name: string; group?: string; hidden: boolean; route: string; order: number; icon: string; code?: string }
export interface Model { enums: EnumSpec[]; menus: MenuGroupSpec[]; resources: ResourceSpec[]; codes: CodeSpec[]; screens: ScreenSpec[]; api: ApiSpec }

/**
 * The operations an owner-API resource may offer (issue 31; manifest `api:`): `list` GET /<path> (cursor paging,
 * filters), `get` GET /<path>/{ref} (by id, or by the `number` field), `create` POST /<path>, `upsert`
 * PUT /<path>/{key} (by the `key` field), `cancel` POST /<path>/{ref}/cancel.
 */
export const API_OPERATIONS = ['list', 'get', 'create', 'upsert', 'cancel'] as const;
export type ApiOperation = (typeof API_OPERATIONS)[number];

/**
 * A name an owner-API record or body uses: a field of the resource, or the name field (`nameAs`, e.g. `sku`,
 * `category`) of one of its ref fields, which then stands for that ref given by the referenced record's
 * `represent` (a SKU code, a category name) instead of its id.
 */
export interface ApiName { name: string; field: string; byRepresent: boolean }

/** A part of an owner-API record read from another resource (an order's lines, packages, waybills). */
export interface ApiPartSpec { resource: string; fields: string[]; input: ApiName[] }

/**
 * One resource of the owner API (manifest `api.resources.<name>`): its URL path under /api/v1, the manifest
 * resource it shows, the ApiScope keys that read and write it (no `read`: every key reads it), the fields of
 * its records and bodies, its query filters (parameter -> ApiName), the document number `get` also accepts,
 * the field `upsert` is keyed by, the lines written with it, parts read with it, computed extras.
 */
export interface ApiResourceSpec extends Label {
  name: string;
  path: string;
  resource: string;
  read?: string;
  write?: string;
  fields: string[];
  input: ApiName[];
  filters: Record<string, ApiName>;
  number?: string;
  key?: string;
  lines?: ApiPartSpec;
  includes: Record<string, ApiPartSpec>;
  extra: Array<Label & { name: string; type: 'int' | 'string'; min?: number; example?: unknown }>;
  operations: ApiOperation[];
  /** `list` reads the log since a cursor: ascending ids, served only once no lower id can still appear (see api/cursor). */
  log?: boolean;
}

/** Records per page of an owner-API list (`limit`): its default and most. */
export const API_LIMIT = { default: 50, max: 500 } as const;

/** The wire name of an ApiScope key (issue 31): SKUS_READ -> skus:read, INBOUND_WRITE -> inbound:write. */
export const scopeWireName = (key: string): string => key.toLowerCase().replace(/_([a-z]+)$/, ':$1');

/** The owner API (issue 31): what each ApiScope key grants (permission codes) and the resources. */
export interface ApiSpec { scopes: Record<string, string[]>; resources: ApiResourceSpec[] }


/** The API name under which a ref field's referenced name is returned (spec 3: ownerName, companyName, category). */
export const refNameField = (f: Pick<FieldSpec, 'name' | 'nameAs'>): string => f.nameAs ?? f.name.replace(/Id$/, 'Name');

/** A field's maxLength from the manifest (forms check what the column holds); throws for an unknown field. */
export function maxLengthOf(spec: ResourceSpec, field: string): number {
  const f = spec.fields.find((x) => x.name === field);
  if (!f?.maxLength) throw new Error(`${spec.name}.${field} has no maxLength in resources.yaml`);
  return f.maxLength;
}
