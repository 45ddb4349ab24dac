/**
 * The `screen:` block of a manifest resource (DocumentScreenSpec in src/shared/resource-meta.ts): list views,
 * filters, columns, row actions, widgets, form and lines of a document screen. Syntax:
 *
 *   screen:
 *     testId: inbound                 # test ids inbound-row, inbound-search ...
 *     number: orderNo                 # the document number field
 *     editable: [CREATED]             # states of the workflow field in which edit and delete are offered
 *                                     # (left out: always offered, e.g. a resource without a workflow);
 *                                     # { ref: orderId, states: [CREATED] }: states of the workflow of the record the
 *                                     # ref field points to (the package's order; looked up per page)
 *     add: false                      # no Add button (records made elsewhere, e.g. packages from their order)
 *     views:                          # one list per route; filter values are enum keys or literals
 *       normal: { route: /inbound/normal_list, filter: { type: NORMAL } }
 *       return: { route: /inbound/return_list, en: Returns, zh: 退货, filter: { type: RETURN }, code: inbound:return_list }
 *       record: { en: ..., zh: ... }  # no route: embedded only, in a hand-written dialog (DocumentScreen view="record")
 *       transfer: { route: /outbound/transfer_list, filter: { type: TRANSFER }, add: false }  # this view offers no Add
 *     filters: [orderNo, status, { field: sourceOutboundNo, views: [return] }, addDate]
 *                                     # { field: orderId, lookup: true }: a ref typed as the referenced record's
 *                                     # number (its represent), looked up to its id; sent as nameAs + the id
 *                                     # { field: x, en: ..., zh: ... }: the filter's own label in place of the
 *                                     # field's (resources.<r>.filters.<x>; both languages, one label per field)
 *     columns: [orderNo, status, { field: qty, widget: inboundQty, en: Planned / received, zh: 计划/实收 }]
 *     actions: { receive: { widget: inboundReceive }, submitProblem: { reason: problemReason, color: error }, deliver: { form: [deliveryStatus] } }
 *     actions: { cancel: { color: error, confirm: { en: Cancel inbound order %{no}?, zh: 确定取消入库单 %{no} 吗？,
 *                keep: { en: Keep order, zh: 保留订单 }, ok: { en: Cancel order, zh: 取消订单 } } } }
 *                                     # a confirmed action's own prompt (%{no}: the document number) and buttons
 *                                     # (resources.<r>.confirm.<action>.title|keep|ok); left out: the kit's
 *                                     # "<Action> <no>?" with Back / <Action>
 *     topWidgets: [orderImport]       # registered buttons beside Add
 *     rowWidgets: [createPackage]     # registered row actions after the workflow's
 *     inline: [receive, edit]         # at most two row actions shown as buttons (the rest are in the row's menu):
 *                                     # view, edit, workflow actions, rowWidgets or children; not destructive ones
 *                                     # (delete, color error: they sit apart at the end of the menu). Left out,
 *                                     # or none of them offered by the row: the first non-destructive workflow
 *                                     # action the row offers, then edit (else view); neither: its first action
 *     form: { fields: [ownerId, warehouseId, remark], lines: { resource: inboundOrderLine, fields: [skuId, batchNo, plannedQty] } }
 *     form: { widget: packageDialog, fields: [...], lines: { resource: inboundPackageLine } }
 *                                     # a registered create/edit dialog (registerForm) instead of the generic one;
 *                                     # fields are the header it edits (and the view dialog shows), lines name
 *                                     # the lines resource of viewLines
 *     viewLines: [skuId, batchNo, plannedQty, receivedQty, { field: inventoryQty, en: Current quantity, zh: 当前数量 }]
 *     viewLinesOf: invoiceLine         # (a screen without form.lines, e.g. a read-only document) the lines resource
 *                                      # of viewLines: the view dialog lists the record's `lines` read only
 *
 * `form.lines` may also say `fields: [inventoryId, { field: skuId, requiredWithout: inventoryId }, ...]` (a
 * line field required only while another is empty), `widget: judgementLines` (a registered lines editor in
 * place of the plain table; the rules stay the lines resource's) and `texts: { addSku: { en, zh } }` (labels
 * that widget shows, as resources.<r>.lines.<key>). A labelled `viewLines` item that is not a line field
 * shows a value the server adds to each line.
 *
 * Workflow actions not named under `actions` ask for confirmation, then call `<path>/<action>` with `{id}`.
 *
 * A read-only list (a `readOnly` resource, e.g. inventory) declares no `form`, `editable` or workflow: its rows
 * offer no View, Edit or Delete and the list no Add (Add needs a `form` and an add code); `number` may then be
 * left out (default id). Such lists may also say
 *
 *   filters: [sku, ownerId, containInventory, categoryIds]   # fields with `filter:` or queryParams
 *   columns: [qty, { field: skuEntity.name, en: Product name, zh: 商品名称 }, { field: supplierNames, en: Suppliers, zh: 供应商 }]
 *
 * A list of records rather than documents (the SKUs) may also say
 *
 *   view: false                     # rows offer no View (the columns say it all)
 *   selectable: true                # row checkboxes
 *   bulkWidgets: [batchWeight]      # registered top buttons on the selected rows (registerBulk), disabled without
 *   children: [supplierSku]         # a row button per child resource: its own screen in a dialog, preset to the
 *                                   # row through the child's ref field to this resource (sent on add too)
 *   views:
 *     noon: { route: /sku/list/noon, preset: { ecPlatform: NOON } }   # preset: a locked filter, not sent on add
 *     ofSku: {}                     # (a child's screen) no route: shown only in its parent's dialog
 *   filters: [{ field: sku, widget: skuCodes }]   # a registered filter input (registerFilter)
 *   form: { emptyPrompt: true, fields: [...] }    # empty required fields say "Please input" / "Please select"
 *   form: { reveal: key, fields: [...] }         # the add answer's `key` is shown once after saving (an API key)
 *
 * A filter may name a query parameter (`queryParams:`) of type string (text box), boolean (yes / no / all),
 * enum (select), ref or int (select / number) or refs (several of the referenced resource, sent as an id
 * array). A labelled column that is not a field shows a value the server adds to each row (a dotted path
 * such as skuEntity.name reads a nested object; an array shows one value a line). Sortable fields
 * (`sortable: true`) sort; a third click on a sorted header clears the sort.
 * A plain resource (a menu entry, no `views` under `screen:`) gets the default screen (defaultScreen below: its
 * fields' filters, list columns and form, no View, `lockToggle` for lock / unlock, pages /<name>/add and
 * /<name>/edit/:id); what it declares under `screen:` replaces those keys:
 *
 *   screen:
 *     rowWidgets: [dbmsQuery, dbmsHistory]
 *     view: true                      # rows offer View (a read-only detail)
 *     pages: { add: /dbms/database/add, edit: /dbms/database/edit/:id, detail: /dbms/database/detail/:id }
 *                                     # routes that open the list with that dialog open (spec 2.3)
 *
 * Problems are reported through `fail` with the path of the offending key.
 */
import { MAX_INLINE, type DocumentScreenSpec, type FieldSpec, type Label, type Model, type ResourceSpec, type ScreenActionSpec, type ScreenItem, type ScreenLinesSpec, type ViewSpec } from '../src/shared/resource-meta';

type Obj = Record<string, unknown>;
type Path = (string | number)[];
type Fail = (path: Path, msg: string) => void;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const COLORS = ['primary', 'success', 'error', 'warning'] as const;
/** Query parameter types a filter input exists for (ScreenFilterBar). */
const FILTER_PARAM_TYPES = ['string', 'boolean', 'enum', 'ref', 'int', 'refs'] as const;
/** Names a hand-written widget may have. */
const WIDGET_NAME = /^[a-z][A-Za-z]*$/;

function unknownKeys(o: Obj, allowed: string[], p: Path, fail: Fail) {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) fail([...p, k], `unknown key '${k}' (allowed: ${allowed.join(', ')})`);
}

function label(o: Obj, p: Path, fail: Fail) {
  if (o.en === undefined && o.zh === undefined) return undefined;
  if (typeof o.en !== 'string' || typeof o.zh !== 'string') { fail(p, 'a label needs both en and zh'); return undefined; }
  return { en: o.en, zh: o.zh };
}

function widgetName(v: unknown, p: Path, fail: Fail): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !WIDGET_NAME.test(v)) { fail(p, `'${String(v)}' is not a widget name (camelCase)`); return undefined; }
  return v;
}

/**
 * A list of fields (`name` or `{ field, views?, widget?, en?, zh?, required?, lookup? }`); `fieldOk` says whether a
 * name may be used; `lookupOk` whether a field may be a `lookup` filter (filters only); `displayOk`: a labelled
 * item may name a value the server adds to each row (columns).
 */
function items(raw: unknown, p: Path, fail: Fail, fieldOk: (name: string) => boolean, views: string[], lookupOk: (name: string) => string | undefined = () => 'only filters look a number up', displayOk = false): ScreenItem[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) { fail(p, 'must be a list of field names or { field, views?, widget?, en?, zh? }'); return []; }
  const out: ScreenItem[] = [];
  raw.forEach((x, i) => {
    const ip = [...p, i];
    const o: Obj = typeof x === 'string' ? { field: x } : isObj(x) ? x : {};
    unknownKeys(o, ['field', 'views', 'widget', 'en', 'zh', 'required', 'lookup'], ip, fail);
    const field = o.field;
    if (typeof field !== 'string') { fail(ip, 'name a field'); return; }
    const widget = widgetName(o.widget, [...ip, 'widget'], fail);
    // a labelled column may show a value the server adds to each row (displayOk)
    if (!widget && !fieldOk(field) && !(displayOk && label(o, ip, () => {}))) { fail(ip, `'${field}' is not a field that can be used here`); return; }
    const item: ScreenItem = { field };
    if (o.views !== undefined) {
      if (!Array.isArray(o.views) || o.views.some((v) => !views.includes(String(v)))) fail([...ip, 'views'], `name views of this screen (${views.join(', ')})`);
      else item.views = o.views.map(String);
    }
    if (widget) item.widget = widget;
    // required in the views it is shown in, though the field itself is optional (a return's source order)
    if (o.required === true) item.required = true;
    else if (o.required !== undefined) fail([...ip, 'required'], 'must be true (or left out)');
    if (o.lookup === true) {
      const why = lookupOk(field);
      if (why) fail([...ip, 'lookup'], why);
      else item.lookup = true;
    } else if (o.lookup !== undefined) fail([...ip, 'lookup'], 'must be true (or left out)');
    const l = label(o, ip, fail);
    if (l) {
      // one label per field: it is the i18n key resources.<r>.columns|filters.<field>
      const other = out.find((x) => x.field === field && x.label);
      if (other && (other.label!.en !== l.en || other.label!.zh !== l.zh)) fail(ip, `'${field}' is labelled differently above: one label per field`);
      item.label = l;
    }
    out.push(item);
  });
  return out;
}

/**
 * `form.lines`: `{ resource, fields, widget?, texts? }`; a field is a name or `{ field, requiredWithout }`
 * (required only while the other line field is empty); texts map camelCase keys to `{ en, zh }`.
 */
function parseLines(o: Obj, p: Path, fail: Fail): ScreenLinesSpec {
  unknownKeys(o, ['resource', 'fields', 'widget', 'texts'], p, fail);
  const fields: string[] = [];
  const requiredWithout: Record<string, string> = {};
  // a registered form's lines name only their resource (the view dialog's line columns)
  if (o.fields !== undefined && !Array.isArray(o.fields)) fail([...p, 'fields'], 'must be a list of line fields or { field, requiredWithout }');
  (Array.isArray(o.fields) ? o.fields : []).forEach((x, i) => {
    if (typeof x === 'string') { fields.push(x); return; }
    if (!isObj(x) || typeof x.field !== 'string') { fail([...p, 'fields', i], 'a line field or { field, requiredWithout }'); return; }
    unknownKeys(x, ['field', 'requiredWithout'], [...p, 'fields', i], fail);
    fields.push(x.field);
    if (typeof x.requiredWithout === 'string') requiredWithout[x.field] = x.requiredWithout;
    else if (x.requiredWithout !== undefined) fail([...p, 'fields', i, 'requiredWithout'], 'name another line field');
  });
  for (const [f, other] of Object.entries(requiredWithout)) if (!fields.includes(other)) fail([...p, 'fields'], `${f}: requiredWithout '${other}' is not one of these fields`);
  const texts: Record<string, Label> = {};
  if (o.texts !== undefined && !isObj(o.texts)) fail([...p, 'texts'], 'must map camelCase keys to { en, zh }');
  for (const [k, t] of Object.entries(isObj(o.texts) ? o.texts : {})) {
    const l = isObj(t) ? label(t, [...p, 'texts', k], fail) : undefined;
    if (!WIDGET_NAME.test(k)) fail([...p, 'texts', k], 'a camelCase key');
    else if (!l) fail([...p, 'texts', k], 'must be { en, zh }');
    else texts[k] = l;
  }
  const widget = widgetName(o.widget, [...p, 'widget'], fail);
  return {
    resource: String(o.resource ?? ''),
    fields,
    ...(Object.keys(requiredWithout).length ? { requiredWithout } : {}),
    ...(widget ? { widget } : {}),
    ...(Object.keys(texts).length ? { texts } : {}),
  };
}

/** The value of a view filter: an enum key of an enum field becomes its value. */
function filterValue(model: Model, f: FieldSpec | undefined, v: unknown, p: Path, fail: Fail): number | string | boolean | undefined {
  if (!f) { fail(p, 'is not a field of this resource'); return undefined; }
  if (f.type === 'enum') {
    const value = model.enums.find((e) => e.name === f.enum)?.values.find((x) => x.key === v)?.value;
    if (value === undefined) fail(p, `'${String(v)}' is not a key of ${f.enum}`);
    return value;
  }
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') { fail(p, 'must be a text, number or boolean'); return undefined; }
  return v;
}

/** `pages: { add?, edit?, detail? }`: routes opening the list with that dialog open (DocumentScreenSpec.pages). */
function parsePages(raw: unknown, p: Path, has: { form: boolean; add: boolean; view: boolean }, fail: Fail): DocumentScreenSpec['pages'] {
  if (raw === undefined) return undefined;
  if (!isObj(raw)) { fail(p, 'must be { add?, edit?, detail? } (routes)'); return undefined; }
  unknownKeys(raw, ['add', 'edit', 'detail'], p, fail);
  const out: NonNullable<DocumentScreenSpec['pages']> = {};
  const why = { add: !has.form || !has.add ? 'an add page needs a form and Add' : undefined, edit: has.form ? undefined : 'an edit page needs a form', detail: has.view ? undefined : 'a detail page needs the View (view: true)' };
  for (const k of ['add', 'edit', 'detail'] as const) {
    const v = raw[k];
    if (v === undefined) continue;
    if (typeof v !== 'string' || !v.startsWith('/')) fail([...p, k], 'a route starting with /');
    else if (k !== 'add' && !v.endsWith('/:id')) fail([...p, k], `the route ends with /:id (the record's id)`);
    else if (why[k]) fail([...p, k], why[k]!);
    else out[k] = v;
  }
  return out;
}

/** kebab-case of a camelCase name (the test id stem of a derived screen: carrierConfig -> carrier-config). */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The default `screen:` of a resource with a menu entry that declares none (or declares no `views`, only what
 * differs): one view at the menu's route (with the menu's code), filters from the fields with `filter:`,
 * columns from the list fields, the form from the form fields (none for a read-only resource), no View, the
 * row widget `lockToggle` for a resource with the lock / unlock operations, for a resource with an `import` code
 * the top widget `excelImport` (import dialog, template `/static/templates/<kebab-name>-import.xlsx`, call
 * `<path>/excel/import`), for one with a `labels` code row checkboxes, the bulk widget `labels` (the selected
 * rows', else the current filter's labels) and the row widget `labels` (`<path>/exportLabels`), and the add and edit pages
 * `/<name>/add` and `/<name>/edit/:id` (spec 2.3). Returned as raw manifest text for parseScreen, so the
 * declared keys replace these and both are checked alike.
 */
export function defaultScreen(r: Pick<ResourceSpec, 'name' | 'represent' | 'fields' | 'operations' | 'readOnly' | 'permissions'> & { menu: NonNullable<ResourceSpec['menu']> }): Obj {
  const writable = !r.readOnly;
  const labels = Boolean(r.permissions.labels);
  return {
    testId: kebab(r.name),
    // `represent: id` is no field: a read-only list (no prompts) then names no number
    ...(r.fields.some((f) => f.name === r.represent) ? { number: r.represent } : {}),
    view: false,
    views: { list: { route: r.menu.route, ...(r.menu.code ? { code: r.menu.code } : {}) } },
    filters: r.fields.filter((f) => f.filter).map((f) => f.name),
    columns: r.fields.filter((f) => f.list).map((f) => f.name),
    ...(writable ? { form: { fields: r.fields.filter((f) => f.form).map((f) => f.name) } } : {}),
    rowWidgets: [...(r.operations.includes('lock') ? ['lockToggle'] : []), ...(labels ? ['labels'] : [])],
    // a declared import / label PDF (permissions.import / labels): the kit's buttons (src/client/widgets/fileActions.tsx)
    ...(r.permissions.import ? { topWidgets: ['excelImport'] } : {}),
    ...(labels ? { selectable: true, bulkWidgets: ['labels'] } : {}),
    ...(writable ? { pages: { add: `/${r.name}/add`, edit: `/${r.name}/edit/:id` } } : {}),
  };
}

/** Parses `screen:` of resource `r` (its fields, permissions and workflow already parsed). */
export function parseScreen(raw: unknown, p: Path, r: Pick<ResourceSpec, 'name' | 'en' | 'zh' | 'fields' | 'queryParams' | 'permissions' | 'workflow' | 'readOnly'>, model: Model, fail: Fail): DocumentScreenSpec | undefined {
  if (!isObj(raw)) { fail(p, 'must be a mapping (testId, number, views, filters, columns, ...)'); return undefined; }
  unknownKeys(raw, ['testId', 'number', 'editable', 'add', 'view', 'selectable', 'views', 'filters', 'columns', 'actions', 'topWidgets', 'bulkWidgets', 'rowWidgets', 'children', 'inline', 'form', 'viewLines', 'viewLinesOf', 'pages'], p, fail);
  const field = (n: string) => r.fields.find((f) => f.name === n);
  const testId = typeof raw.testId === 'string' && /^[a-z][a-z-]*$/.test(raw.testId) ? raw.testId : (fail([...p, 'testId'], 'a lower-case test id stem such as inbound'), r.name);
  // a list without form and workflow names no document in its prompts: its number may be left out
  const quiet = raw.number === undefined && raw.form === undefined && !r.workflow;
  const number = quiet ? 'id' : typeof raw.number === 'string' && field(raw.number) ? raw.number : (fail([...p, 'number'], 'name the document number field'), 'id');
  if (raw.add !== undefined && raw.add !== false) fail([...p, 'add'], 'must be false (or left out)');
  if (raw.view !== undefined && typeof raw.view !== 'boolean') fail([...p, 'view'], 'must be true or false (or left out)');
  if (raw.selectable !== undefined && raw.selectable !== true) fail([...p, 'selectable'], 'must be true (or left out)');
  if (r.readOnly) for (const k of ['form', 'editable'] as const) if (raw[k] !== undefined) fail([...p, k], 'a read-only resource has no create / edit form or editable states');

  // [KEY, ...]: states of this resource's workflow; { ref, states }: of the referenced resource's (checkScreens)
  let editable: DocumentScreenSpec['editable'];
  const ep = [...p, 'editable'];
  if (Array.isArray(raw.editable)) {
    if (!r.workflow) fail(ep, 'a resource without a workflow names the states of a referenced record: { ref, states }');
    editable = { states: [] };
    for (const [i, k] of raw.editable.entries()) {
      const s = r.workflow?.states.find((x) => x.key === k);
      if (!s) { if (r.workflow) fail([...ep, i], `'${String(k)}' is not a state of the workflow`); }
      else editable.states.push(s.value);
    }
  } else if (isObj(raw.editable)) {
    unknownKeys(raw.editable, ['ref', 'states'], ep, fail);
    const ref = raw.editable.ref;
    if (typeof ref !== 'string' || field(ref)?.type !== 'ref') fail([...ep, 'ref'], 'name a ref field of this resource');
    else if (!Array.isArray(raw.editable.states) || !raw.editable.states.length) fail([...ep, 'states'], 'list states of the referenced record\'s workflow');
    else {
      editable = { ref, states: [] };
      pendingStates.set(editable, { keys: raw.editable.states.map(String), path: [...ep, 'states'] });
    }
  } else if (raw.editable !== undefined) fail(ep, 'must be a list of workflow states or { ref, states }');

  const views: ViewSpec[] = [];
  if (!isObj(raw.views) || !Object.keys(raw.views).length) fail([...p, 'views'], 'declare at least one view { route, filter?, en?, zh?, code? }');
  for (const [name, v] of Object.entries(isObj(raw.views) ? raw.views : {})) {
    const vp = [...p, 'views', name];
    if (!isObj(v)) { fail(vp, 'must be { route?, filter?, preset?, en?, zh?, code? }'); continue; }
    unknownKeys(v, ['route', 'filter', 'preset', 'en', 'zh', 'code', 'skuPlatform', 'add'], vp, fail);
    if (v.add !== undefined && v.add !== false) fail([...vp, 'add'], 'must be false (or left out)');
    // no route: shown only inside a dialog (a parent screen's children, or a hand-written dialog naming the view)
    if (v.route !== undefined && (typeof v.route !== 'string' || !v.route.startsWith('/'))) fail([...vp, 'route'], 'a route starting with / (or none: shown only in a dialog)');
    const values = (key: 'filter' | 'preset', of: (n: string) => FieldSpec | undefined) => {
      const out: ViewSpec['filter'] = {};
      if (v[key] !== undefined && !isObj(v[key])) fail([...vp, key], 'must map fields to values');
      for (const [k, x] of Object.entries(isObj(v[key]) ? v[key] : {})) {
        const value = filterValue(model, of(k), x, [...vp, key, k], fail);
        if (value !== undefined) out[k] = value;
      }
      return out;
    };
    const filter = values('filter', field);
    // a preset may fix a query parameter too (the noon SKUs: ecPlatform)
    const preset = values('preset', (n) => field(n) ?? r.queryParams.find((q) => q.name === n));
    // the title: its own, else the sidebar entry of the same route, else the resource's
    const entry = v.route === undefined ? undefined : model.screens.find((x) => x.route === v.route);
    const l = label(v, vp, fail) ?? (entry ? { en: entry.en, zh: entry.zh } : { en: r.en, zh: r.zh });
    const code = typeof v.code === 'string' ? v.code : r.permissions.list ?? 'any';
    // lines of this view pick SKUs of one e-commerce platform (noon orders list noon SKUs)
    const platform = v.skuPlatform === undefined ? undefined : model.enums.find((e) => e.name === 'EcPlatform')?.values.find((x) => x.key === v.skuPlatform)?.value;
    if (v.skuPlatform !== undefined && platform === undefined) fail([...vp, 'skuPlatform'], `'${String(v.skuPlatform)}' is not a key of EcPlatform`);
    views.push({ name, ...(typeof v.route === 'string' ? { route: v.route } : {}), filter, ...(Object.keys(preset).length ? { preset } : {}), code, ...l, ...(platform !== undefined ? { skuPlatform: platform } : {}), ...(v.add === false ? { add: false as const } : {}) });
  }
  const viewNames = views.map((v) => v.name);

  const param = (n: string) => r.queryParams.find((q) => q.name === n);
  const filterable = (n: string) => Boolean(field(n)?.filter) || FILTER_PARAM_TYPES.includes(param(n)?.type as never);
  const listable = (n: string) => Boolean(field(n));
  const formable = (n: string) => Boolean(field(n)?.form);
  // a lookup filter types the referenced record's number: the ref's target is checked in checkScreens
  const lookupOk = (n: string) => (field(n)?.type === 'ref' ? undefined : `'${n}' is not a ref field (a lookup types the referenced record's number)`);
  const filters = items(raw.filters, [...p, 'filters'], fail, filterable, viewNames, lookupOk);
  // a registered filter input (widget) still filters by a field or query parameter
  for (const [i, item] of filters.entries()) if (item.widget && !filterable(item.field)) fail([...p, 'filters', i], `'${item.field}' is not a field with a filter or a query parameter`);
  const columns = items(raw.columns, [...p, 'columns'], fail, listable, viewNames, undefined, true);

  const actions: ScreenActionSpec[] = [];
  const declared = isObj(raw.actions) ? raw.actions : {};
  if (raw.actions !== undefined && !isObj(raw.actions)) fail([...p, 'actions'], 'must map action names to { reason?, widget?, color? }');
  for (const a of r.workflow?.actions ?? []) {
    const d = declared[a.name];
    const ap = [...p, 'actions', a.name];
    const o: Obj = isObj(d) ? d : {};
    unknownKeys(o, ['reason', 'form', 'widget', 'color', 'confirm'], ap, fail);
    const color = o.color === undefined ? undefined : COLORS.includes(o.color as never) ? (o.color as ScreenActionSpec['color']) : (fail([...ap, 'color'], `one of ${COLORS.join(', ')}`), undefined);
    const widget = widgetName(o.widget, [...ap, 'widget'], fail);
    if (typeof o.reason === 'string' && !field(o.reason)) fail([...ap, 'reason'], `'${o.reason}' is not a field of ${r.name}`);
    const formFields = Array.isArray(o.form) ? o.form.map(String) : undefined;
    if (o.form !== undefined && (!formFields || !formFields.length || formFields.some((n) => !field(n)))) fail([...ap, 'form'], `list fields of ${r.name} the dialog asks for`);
    const kind: ScreenActionSpec['kind'] = widget ? 'widget' : typeof o.reason === 'string' ? 'reason' : formFields ? 'form' : 'confirm';
    const confirm = o.confirm === undefined ? undefined : kind !== 'confirm' ? (fail([...ap, 'confirm'], 'only an action that asks for confirmation (no reason, form or widget) has a prompt'), undefined) : confirmTexts(o.confirm, [...ap, 'confirm'], fail);
    actions.push({ name: a.name, kind, ...(kind === 'reason' ? { reasonField: o.reason as string } : {}), ...(kind === 'form' ? { fields: formFields } : {}), ...(widget ? { widget } : {}), ...(color ? { color } : {}), ...(confirm ? { confirm } : {}) });
  }
  for (const k of Object.keys(declared)) if (!r.workflow?.actions.some((a) => a.name === k)) fail([...p, 'actions', k], `'${k}' is not an action of the workflow (put other buttons under rowWidgets)`);

  const names = (v: unknown, np: Path) => (Array.isArray(v) ? v.flatMap((x, i) => widgetName(x, [...np, i], fail) ?? []) : v === undefined ? [] : (fail(np, 'must be a list of widget names'), []));

  let form: DocumentScreenSpec['form'];
  if (raw.form !== undefined) {
    const fp = [...p, 'form'];
    if (!isObj(raw.form)) fail(fp, 'must be { fields, lines? } or { widget, fields?, lines? }');
    else {
      unknownKeys(raw.form, ['fields', 'lines', 'widget', 'emptyPrompt', 'reveal'], fp, fail);
      if (raw.form.emptyPrompt !== undefined && raw.form.emptyPrompt !== true) fail([...fp, 'emptyPrompt'], 'must be true (or left out)');
      const reveal = raw.form.reveal;
      if (reveal !== undefined && (typeof reveal !== 'string' || !/^[a-z][A-Za-z]*$/.test(reveal))) fail([...fp, 'reveal'], 'the camelCase name of the add answer\'s one-time value (e.g. key)');
      // a registered dialog (registerForm) replaces the generic one; its lines need no fields
      const widget = widgetName(raw.form.widget, [...fp, 'widget'], fail);
      if (!widget && !Array.isArray(raw.form.fields)) fail([...fp, 'fields'], 'list the fields of the create/edit dialog (or name a registered form widget)');
      let lines: ScreenLinesSpec | undefined;
      if (isObj(raw.form.lines)) {
        if (!widget && !Array.isArray(raw.form.lines.fields)) fail([...fp, 'lines', 'fields'], 'list the fields of a line');
        lines = parseLines(raw.form.lines, [...fp, 'lines'], fail);
      } else if (raw.form.lines !== undefined) fail([...fp, 'lines'], 'must be { resource, fields, widget?, texts? }');
      form = { fields: items(raw.form.fields, [...fp, 'fields'], fail, formable, viewNames), ...(widget ? { widget } : {}), ...(lines ? { lines } : {}), ...(raw.form.emptyPrompt === true ? { emptyPrompt: true as const } : {}), ...(typeof raw.form.reveal === 'string' ? { reveal: raw.form.reveal } : {}) };
    }
  }
  // the lines resource's fields are checked once every resource is parsed (checkScreens)
  const viewLines = items(raw.viewLines, [...p, 'viewLines'], fail, () => true, viewNames);
  // the lines resource of a read-only view (no form.lines): checked in checkScreens
  const viewLinesOf = raw.viewLinesOf === undefined ? undefined : typeof raw.viewLinesOf === 'string' && !form?.lines ? raw.viewLinesOf : (fail([...p, 'viewLinesOf'], 'name the lines resource of viewLines (only without form.lines)'), undefined);
  const bulkWidgets = names(raw.bulkWidgets, [...p, 'bulkWidgets']);
  if (bulkWidgets.length && raw.selectable !== true) fail([...p, 'bulkWidgets'], 'bulk widgets act on selected rows: say selectable: true');
  // the child's ref field to this resource is found in checkScreens (every resource parsed by then)
  const children = Array.isArray(raw.children) ? raw.children.map((c, i) => (typeof c === 'string' ? { resource: c, ref: '' } : (fail([...p, 'children', i], 'name a resource'), { resource: '', ref: '' }))) : raw.children === undefined ? [] : (fail([...p, 'children'], 'must be a list of child resources'), []);
  const pages = parsePages(raw.pages, [...p, 'pages'], { form: Boolean(form), add: raw.add !== false, view: raw.view !== false }, fail);
  const rowWidgets = names(raw.rowWidgets, [...p, 'rowWidgets']);
  const inline = inlineActions(raw.inline, [...p, 'inline'], fail, {
    view: raw.view === true || (raw.form !== undefined && raw.view !== false),
    edit: raw.form !== undefined,
    actions,
    rowWidgets,
    children: children.map((c) => c.resource),
  });
  return {
    testId, number, ...(editable ? { editable } : {}), ...(raw.add === false ? { add: false } : {}), ...(typeof raw.view === 'boolean' ? { view: raw.view } : {}), ...(pages ? { pages } : {}), ...(raw.selectable === true ? { selectable: true } : {}),
    views, filters, columns, actions, topWidgets: names(raw.topWidgets, [...p, 'topWidgets']), bulkWidgets, rowWidgets, children, ...(inline ? { inline } : {}), ...(form ? { form } : {}), viewLines, ...(viewLinesOf ? { viewLinesOf } : {}),
  };
}

/** An action's own prompt: `{ en, zh, keep: { en, zh }, ok: { en, zh } }` (%{no} names the document). */
function confirmTexts(raw: unknown, p: Path, fail: Fail): ScreenActionSpec['confirm'] {
  if (!isObj(raw)) { fail(p, 'must be { en, zh, keep: { en, zh }, ok: { en, zh } }'); return undefined; }
  unknownKeys(raw, ['en', 'zh', 'keep', 'ok'], p, fail);
  const title = label(raw, p, fail);
  const button = (k: 'keep' | 'ok') => (isObj(raw[k]) ? label(raw[k] as Obj, [...p, k], fail) : (fail([...p, k], 'name the button: { en, zh }'), undefined));
  const keep = button('keep');
  const ok = button('ok');
  if (!title) { fail(p, 'the prompt needs en and zh'); return undefined; }
  return keep && ok ? { ...title, keep, ok } : undefined;
}

/**
 * `inline`: at most MAX_INLINE names of the screen's row actions (view, edit, a workflow action, a row widget,
 * a child resource), none destructive (delete, an action of color error): those sit apart in the menu.
 */
function inlineActions(raw: unknown, p: Path, fail: Fail, has: { view: boolean; edit: boolean; actions: ScreenActionSpec[]; rowWidgets: string[]; children: string[] }): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.some((x) => typeof x !== 'string')) { fail(p, 'must be a list of row action names'); return undefined; }
  if (raw.length > MAX_INLINE) fail(p, `at most ${MAX_INLINE} row actions are shown as buttons; the others go in the row's menu`);
  const known = [...(has.view ? ['view'] : []), ...(has.edit ? ['edit'] : []), ...has.actions.map((a) => a.name), ...has.rowWidgets, ...has.children];
  const out: string[] = [];
  raw.forEach((n: string, i) => {
    const destructive = n === 'delete' || has.actions.some((a) => a.name === n && a.color === 'error');
    if (destructive) fail([...p, i], `'${n}' is destructive: it stays apart at the end of the row's menu`);
    else if (!known.includes(n)) fail([...p, i], `'${n}' is not a row action of this screen (${known.join(', ') || 'none'})`);
    else if (out.includes(n)) fail([...p, i], `'${n}' is named twice`);
    else out.push(n);
  });
  return out;
}

/** `editable: { ref, states }` keys, resolved against the referenced resource's workflow in checkScreens. */
const pendingStates = new WeakMap<NonNullable<DocumentScreenSpec['editable']>, { keys: string[]; path: Path }>();

/**
 * Cross-resource checks once every resource is parsed: the lines resource and its fields, unique routes, the
 * referenced workflow of `editable.ref`, the number a `lookup` filter types.
 */
export function checkScreens(model: Model, fail: Fail) {
  const routes = new Map<string, string>();
  for (const r of model.resources) {
    const s = r.screen;
    if (!s) continue;
    const p = ['resources', r.name, 'screen'];
    const target = (ref: string) => model.resources.find((x) => x.name === r.fields.find((f) => f.name === ref)?.resource);
    const pending = s.editable && pendingStates.get(s.editable);
    if (s.editable?.ref && pending) {
      const wf = target(s.editable.ref)?.workflow;
      if (!wf) fail([...p, 'editable', 'ref'], `the resource '${s.editable.ref}' points to has no workflow`);
      for (const [i, k] of pending.keys.entries()) {
        const st = wf?.states.find((x) => x.key === k);
        if (st) s.editable.states.push(st.value);
        else if (wf) fail([...pending.path, i], `'${k}' is not a state of the workflow of ${target(s.editable.ref)!.name}`);
      }
    }
    for (const [i, item] of s.filters.entries()) {
      if (!item.lookup) continue;
      const t = target(item.field);
      const number = t?.fields.find((f) => f.name === t.represent);
      if (!number?.filter || (number.type !== 'string' && number.type !== 'text')) fail([...p, 'filters', i, 'lookup'], `${t?.name ?? item.field} has no text number to look up (its represent field needs a filter)`);
    }
    for (const v of s.views) {
      if (v.route === undefined) continue;
      if (routes.has(v.route)) fail([...p, 'views', v.name, 'route'], `route also used by ${routes.get(v.route)}`);
      routes.set(v.route, `${r.name}.${v.name}`);
    }
    for (const [k, route] of Object.entries(s.pages ?? {})) {
      if (routes.has(route)) fail([...p, 'pages', k], `route also used by ${routes.get(route)}`);
      routes.set(route, `${r.name}.pages.${k}`);
    }
    for (const [i, c] of s.children.entries()) {
      const child = model.resources.find((x) => x.name === c.resource);
      const ref = child?.fields.find((f) => f.type === 'ref' && f.resource === r.name);
      if (!child?.screen) fail([...p, 'children', i], `'${c.resource}' is not a resource with a screen`);
      else if (!ref) fail([...p, 'children', i], `${c.resource} has no ref field to ${r.name}`);
      else c.ref = ref.name;
    }
    const linesName = s.form?.lines?.resource ?? s.viewLinesOf;
    const lineRes = linesName ? model.resources.find((x) => x.name === linesName) : undefined;
    if (s.form?.lines && !lineRes) fail([...p, 'form', 'lines', 'resource'], `'${s.form.lines.resource}' is not a declared resource`);
    if (s.viewLinesOf && !lineRes) fail([...p, 'viewLinesOf'], `'${s.viewLinesOf}' is not a declared resource`);
    // `skip`: entries that need not be fields (widgets, labelled display values); indexes stay the list's
    const lineFields = (list: string[], lp: Path, skip: (i: number) => boolean = () => false) => {
      for (const [i, f] of list.entries()) if (lineRes && !skip(i) && !lineRes.fields.some((x) => x.name === f)) fail([...lp, i], `'${f}' is not a field of ${lineRes.name}`);
    };
    if (s.form?.lines) lineFields(s.form.lines.fields, [...p, 'form', 'lines', 'fields']);
    if (s.viewLines.length && !linesName) fail([...p, 'viewLines'], 'view lines need form.lines or viewLinesOf (the lines resource)');
    // a labelled item may be a display value the server adds to each line (not a field)
    else lineFields(s.viewLines.map((i) => i.field), [...p, 'viewLines'], (i) => Boolean(s.viewLines[i].widget || s.viewLines[i].label));
  }
}
