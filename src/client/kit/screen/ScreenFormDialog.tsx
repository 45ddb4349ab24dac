/**
 * The create / edit dialog of a manifest screen, on the kit's DocumentFormDialog (spec 9: 80% wide, closes on
 * Cancel): the view's form fields in the manifest's order, each input chosen by its field's type (owner then
 * warehouse as enabled selects that pick a single option by themselves and stay fixed on edit and while lines
 * exist; other references as a searchable select by the referenced record's represent field (e.g. the SKU
 * category); country / province / city; an `image` field's uploader; the permission tree; the grantable roles;
 * several records ("all" or some for an `allowAll` field); lines of text; passwords and secrets (empty on edit
 * keeps the stored one); enum selects; money; numbers;
 * date-times; texts), required ones marked,
 * then the lines table (SKU picker preset to the owner, batch, the line's other fields), or the registered
 * lines widget the manifest names (`form.lines.widget`, e.g. adjustment lines). Rules are the
 * generated schemas (screenForm.ts), checked before anything is sent; with `form.emptyPrompt` an empty
 * required field says "Please select" (selects) or "Please input" (spec 5); a server failure shows its msg.
 */
import { useMemo, useRef, useState, type ReactElement } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import AddIcon from '@mui/icons-material/Add';
import { AutocompleteArrayInput, AutocompleteInput, BooleanInput, NumberInput, PasswordInput, RecordContextProvider, ReferenceArrayInput, ReferenceInput, TextInput, useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { QUIET_READ } from '../../providers/loading';
import { useFormContext, useWatch } from 'react-hook-form';
import type { FieldSpec, ScreenItem } from '../../../shared/resource-meta';
import type { Lang } from '../../../shared/validation';
import { AllOrSomeInput } from '../../widgets/AllOrSomeInput';
import { CityInput } from '../../widgets/CityInput';
import { GrantableRolesInput } from '../../widgets/GrantableRolesInput';
import { HideOnSelf } from '../../widgets/HideOnSelf';
import { PermissionTreeInput } from '../../widgets/PermissionTreeInput';
import { StringsInput } from '../../widgets/StringsInput';
import { CountryInput } from '../../widgets/CountryInput';
import { AutoPickSingle, OwnerInput, WarehouseInput } from '../../widgets/EnabledRefInput';
import { EnumInput } from '../../widgets/EnumInput';
import { EnumKeysInput } from '../../widgets/EnumKeysInput';
import { ImageUploader } from '../../widgets/ImageUploader';
import { InstantInput } from '../../widgets/instantPicker/InstantInput';
import { MoneyInput } from '../../widgets/MoneyInput';
import { ProvinceInput } from '../../widgets/ProvinceInput';
import { SkuPicker } from '../../widgets/SkuPicker';
import { callOf } from '../documentApi';
import { DocumentFormDialog } from '../DocumentFormDialog';
import { EditableLineRow, EditableLinesTable, FormGrid, useDocumentLines, type DocumentLines, type FormMode } from '../EditableLines';
import { LinesScanInput } from '../LinesScanInput';
import { RevealDialog } from './RevealDialog';
import { testIdOf } from '../names';
import { inputWidget, linesWidget } from './registry';
import { formItems, newLine, screenAddBody, screenEditBody, screenFormSchema, screenFormValues } from './screenForm';
import { fieldOf, partName, type Screen } from './spec';

const widgetOf = (screen: Screen, widget: string) => screen.meta.fields.find((f) => f.widget === widget)?.name;

/** A field chosen from options (its empty value says "Please select"). */
const isSelect = (f: FieldSpec | undefined) => f?.type === 'enum' || f?.type === 'ref' || f?.type === 'refs' || f?.type === 'boolean' || Boolean(f?.widget && f.widget !== 'image');

/**
 * One header input. `fixed`: owner and warehouse while lines exist. A `hideOnSelf` field is left out when the
 * record edited is the user logged in (spec 2.5; HideOnSelf reads the record id the dialog provides).
 */
export const FieldInput = (props: { screen: Screen; item: ScreenItem; mode: FormMode; fixed: boolean }) =>
  props.screen.field(props.item.field)?.hideOnSelf ? (
    <HideOnSelf>
      <OneInput {...props} />
    </HideOnSelf>
  ) : (
    <OneInput {...props} />
  );

const OneInput = ({ screen, item, mode, fixed }: { screen: Screen; item: ScreenItem; mode: FormMode; fixed: boolean }) => {
  const f = screen.field(item.field)!;
  const label = screen.labelOf(item);
  const disabled = mode === 'edit' && f.readOnlyOnEdit;
  const isRequired = f.required || item.required;
  const common = { source: f.name, label, fullWidth: true, disabled, isRequired };
  const testId = testIdOf(screen.names, `form-${partName(f.name)}`);
  const box = (input: ReactElement, wide = false) => (
    <Box data-testid={testId} sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      {input}
    </Box>
  );
  // a registered input the manifest names for this form field (registerInput), e.g. the task's bean select
  if (item.widget) {
    const Input = inputWidget(item.widget);
    return Input ? box(<Input screen={screen} source={f.name} label={label} isRequired={Boolean(isRequired)} disabled={Boolean(disabled)} testId={testId} />) : null;
  }
  if (f.type === 'ref' && (f.resource === 'owner' || f.resource === 'warehouse')) {
    const Ref = f.resource === 'owner' ? OwnerInput : WarehouseInput;
    return box(<Ref source={f.name} label={label} disabled={disabled || fixed} isRequired={isRequired} autoPick={mode === 'add'} fullWidth helperText={fixed && mode === 'add' ? 'wms.doc.form.locked_hint' : undefined} />);
  }
  if (f.type === 'ref') return box(<RefInput screen={screen} f={f} label={label} mode={mode} disabled={Boolean(disabled)} isRequired={Boolean(isRequired)} />);
  if (f.widget === 'image') return box(<ImageUploader source={f.name} label={label} disabled={disabled} />);
  if (f.widget === 'permissionTree') return box(<PermissionTreeInput source={f.name} label={label} isRequired={isRequired} />, true);
  if (f.widget === 'grantableRoles') return box(<GrantableRolesInput source={f.name} label={label} isRequired={isRequired} disabled={disabled} />, true);
  if (f.type === 'refs' && f.allowAll) return box(<AllOrSomeInput source={f.name} reference={f.resource!} label={label} isRequired={isRequired} />, true);
  if (f.type === 'refs') return box(<RefsInput screen={screen} f={f} label={label} disabled={Boolean(disabled)} isRequired={Boolean(isRequired)} />, true);
  if (f.type === 'strings' && f.enum) return box(<EnumKeysInput source={f.name} enumName={f.enum} label={label} disabled={disabled} isRequired={isRequired} />, true);
  if (f.type === 'strings') return box(<StringsInput source={f.name} label={label} disabled={disabled} fullWidth />, true);
  // write-only: empty on edit keeps the stored one (not sent, screenEditBody); required only to add
  if (f.type === 'password' || f.type === 'secret') return <PasswordInput {...common} isRequired={isRequired && mode === 'add'} autoComplete="new-password" inputProps={{ maxLength: f.maxLength, 'data-testid': testId }} />;
  if (f.widget === 'country') return box(<CountryInput {...common} />);
  if (f.widget === 'province') return box(<ProvinceInput {...common} countrySource={widgetOf(screen, 'country')} />);
  if (f.widget === 'city') return box(<CityInput {...common} countrySource={widgetOf(screen, 'country')} provinceSource={widgetOf(screen, 'province')} />);
  // texts and numbers carry the test id on the <input> (typed into); selects on their box (clicked into)
  const typed = { 'data-testid': testId };
  switch (f.type) {
    case 'enum': return box(<EnumInput {...common} enumName={f.enum!} />);
    case 'boolean': return box(<BooleanInput {...common} />);
    case 'money': return <MoneyInput {...common} inputProps={typed} />;
    case 'int': case 'number': return <NumberInput {...common} inputProps={typed} />;
    // sent as the instant picked in the browser's zone (not zoneless text the server would read in its own zone)
    case 'datetime': return box(<InstantInput source={f.name} label={label} disabled={disabled} testId={`${testId}-input`} isRequired={isRequired} />);
    // a calendar date: the browser's date box, which reads and writes yyyy-MM-dd (no time, no zone)
    case 'date': return <TextInput {...common} type="date" InputLabelProps={{ shrink: true }} inputProps={typed} />;
    case 'text': return box(<TextInput {...common} multiline minRows={2} />, true);
    default: return <TextInput {...common} inputProps={{ maxLength: f.maxLength, ...typed }} />;
  }
};

/**
 * The form's own warehouse and goods owner as a filter of a picker's options (spec 6): when the picked resource is
 * scoped by a warehouse or an owner the form also has, only records of the chosen one are offered (a count's zones
 * and locations of its warehouse, its SKUs of its owner). Nothing chosen yet: no filter. The server checks anyway.
 */
function useScopeFilter(screen: Screen, resource: string): Record<string, unknown> {
  const own = screen.meta.scope ?? {};
  const theirs = screen.source.resources[resource]?.scope ?? {};
  const kinds = (['warehouse', 'owner'] as const).filter((k) => own[k] && theirs[k]);
  const values = useWatch({ name: kinds.map((k) => own[k]!) }) as unknown[];
  return Object.fromEntries(kinds.map((k, i) => [theirs[k]!, values[i]]).filter(([, v]) => v !== null && v !== undefined && v !== ''));
}

type PickerProps = { screen: Screen; f: FieldSpec; label: string; disabled: boolean; isRequired: boolean };

/** One referenced record, by its represent field and searched by it (e.g. SKU categories by name); enabled ones only (spec 2.10). */
const RefInput = ({ screen, f, label, mode, disabled, isRequired }: PickerProps & { mode: FormMode }) => {
  const target = screen.source.resources[f.resource!];
  const by = target?.represent ?? 'name';
  const enabled = target?.fields.some((x) => x.name === 'status' && x.enum === 'Status') ? { status: 1 } : undefined;
  const filter = { ...enabled, ...useScopeFilter(screen, f.resource!) };
  return (
    <ReferenceInput source={f.name} reference={f.resource!} perPage={100} sort={{ field: by, order: 'ASC' }} filter={filter} queryOptions={QUIET_READ}>
      <AutocompleteInput label={label} optionText={by} filterToQuery={(text: string) => (text.trim() ? { [by]: text.trim() } : {})} fullWidth disabled={disabled} isRequired={isRequired} />
      {/* a single one is picked by itself on add */}
      {mode === 'add' ? <AutoPickSingle source={f.name} /> : null}
    </ReferenceInput>
  );
};

/** Several referenced records (up to 100 offered), of the form's warehouse and owner ({@link useScopeFilter}). */
const RefsInput = ({ screen, f, label, disabled, isRequired }: PickerProps) => (
  <ReferenceArrayInput source={f.name} reference={f.resource!} perPage={100} filter={useScopeFilter(screen, f.resource!)} queryOptions={QUIET_READ}>
    <AutocompleteArrayInput label={label} fullWidth disabled={disabled} isRequired={isRequired} />
  </ReferenceArrayInput>
);

/**
 * One editable cell of a line: the SKU picker, or an input by the line field's type (test ids
 * `-line-sku-picker`, `-line-batch`, `-line-qty` for a quantity (a number field named ...qty / ...Qty),
 * `-line-<field>` for other numbers, enums and texts).
 */
export const LineCell = ({ screen, f, index, lines }: { screen: Screen; f: FieldSpec; index: number; lines: DocumentLines }) => {
  const { setValue } = useFormContext();
  const res = screen.spec.form!.lines!.resource;
  const label = `resources.${res}.fields.${f.name}`;
  const source = `lines.${index}.${f.name}`;
  const names = screen.names;
  if (f.name === 'skuId') {
    return (
      <TableCell sx={{ minWidth: 220 }}>
        <Box data-testid={testIdOf(names, 'line-sku-picker')}>
          <SkuPicker
            source={source}
            ownerId={lines.ownerId}
            ecPlatform={screen.view.skuPlatform}
            label={label}
            isRequired={f.required}
            fullWidth
            onPick={(record) => {
              setValue(`lines.${index}.sku`, record.sku ?? null);
              setValue(`lines.${index}.skuName`, record.name ?? null);
            }}
          />
        </Box>
      </TableCell>
    );
  }
  if (f.type === 'int' || f.type === 'number') {
    return (
      <TableCell sx={{ minWidth: 120 }}>
        <NumberInput source={source} label={label} helperText={false} size="small" fullWidth isRequired={f.required} inputProps={{ 'data-testid': testIdOf(names, /qty$/i.test(f.name) ? 'line-qty' : `line-${f.name}`) }} />
      </TableCell>
    );
  }
  if (f.type === 'enum') {
    return (
      <TableCell sx={{ minWidth: 120 }} data-testid={testIdOf(names, `line-${f.name}`)}>
        <EnumInput source={source} enumName={f.enum!} label={label} helperText={false} size="small" fullWidth isRequired={f.required} />
      </TableCell>
    );
  }
  return (
    <TableCell sx={{ minWidth: 140 }}>
      <TextInput source={source} label={label} helperText={false} size="small" fullWidth inputProps={{ maxLength: f.maxLength, 'data-testid': testIdOf(names, f.name === 'batchNo' ? 'line-batch' : `line-${f.name}`) }} />
    </TableCell>
  );
};

const ScreenLines = ({ screen, lines }: { screen: Screen; lines: DocumentLines }) => {
  const translate = useTranslate();
  const spec = screen.spec.form!.lines!;
  const fields = spec.fields.map((n) => fieldOf(screen, spec.resource, n)!);
  // SKU lines with a quantity take scans (issue 27 item 8)
  const qty = fields.some((f) => f.name === 'skuId') ? fields.find((f) => f.type === 'int') : undefined;
  return (
    <EditableLinesTable
      names={screen.names}
      lines={lines}
      columns={fields.map((f) => f.name)}
      labels={fields.map((f) => `resources.${spec.resource}.fields.${f.name}`)}
      actions={
        <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => lines.add(newLine(screen))} data-testid={testIdOf(screen.names, 'add-line')}>
          {translate('wms.doc.action.add_line')}
        </Button>
      }
      scan={qty ? <LinesScanInput names={screen.names} lines={lines} qtyField={qty.name} newLine={() => newLine(screen)} /> : undefined}
      renderRow={(index, key) => (
        <EditableLineRow key={key} names={screen.names} index={index} onRemove={() => lines.remove(index)}>
          {fields.map((f) => (
            <LineCell key={f.name} screen={screen} f={f} index={index} lines={lines} />
          ))}
        </EditableLineRow>
      )}
    />
  );
};

const FormBody = ({ screen, mode }: { screen: Screen; mode: FormMode }) => {
  // lines of SKUs (a widget's lines are) belong to the owner and warehouse: chosen first, then fixed
  const skuLines = Boolean(screen.spec.form?.lines?.widget) || Boolean(screen.spec.form?.lines?.fields.includes('skuId'));
  const lines = useDocumentLines(screen.names, screen.meta.scope?.warehouse ?? 'warehouseId', skuLines);
  const fixed = skuLines && (mode === 'edit' || lines.fields.length > 0);
  const widget = screen.spec.form?.lines?.widget;
  const Lines = widget ? linesWidget(widget) : undefined;
  return (
    <>
      <FormGrid>
        {formItems(screen).map((item) => (
          <FieldInput key={item.field} screen={screen} item={item} mode={mode} fixed={fixed} />
        ))}
      </FormGrid>
      {Lines ? <Lines screen={screen} lines={lines} mode={mode} /> : screen.spec.form?.lines && !widget ? <ScreenLines screen={screen} lines={lines} /> : null}
    </>
  );
};

export interface ScreenFormDialogProps {
  screen: Screen;
  /** The document to edit; absent to add one. */
  id?: Identifier;
  onClose: () => void;
  onSaved: () => void;
}

export const ScreenFormDialog = ({ screen, id, onClose, onSaved }: ScreenFormDialogProps) => {
  const translate = useTranslate();
  const record = useMemo(() => (id === undefined || id === null ? undefined : { id }), [id]);
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const mode: FormMode = id === undefined || id === null ? 'add' : 'edit';
  const path = (op: string) => `${screen.meta.path}/${op}`;
  // manifest form.reveal: the add answer's one-time value (an API key), shown once after saving
  const reveal = screen.spec.form?.reveal;
  const issued = useRef<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  if (shown !== null) return <RevealDialog names={screen.names} label={translate(`resources.${screen.resource}.one`)} value={shown} onClose={onSaved} />;
  return (
    <DocumentFormDialog<Record<string, unknown>>
      names={screen.names}
      resource={screen.resource}
      id={id}
      numberField={screen.spec.number}
      valuesOf={(record) => screenFormValues(screen, record)}
      schema={(t) => screenFormSchema(screen, mode, lang, t)}
      emptyText={screen.spec.form?.emptyPrompt ? (field) => (isSelect(screen.field(field)) ? 'wms.doc.rules.please_select' : 'wms.doc.rules.please_input') : undefined}
      save={async (m, v) => {
        const saved = await callOf(dataProvider)<Record<string, unknown>>(path(m), m === 'add' ? screenAddBody(screen, v) : screenEditBody(screen, id as Identifier, v));
        if (reveal && typeof saved?.[reveal] === 'string') issued.current = saved[reveal] as string;
        return saved;
      }}
      onClose={onClose}
      onSaved={() => (issued.current !== null ? setShown(issued.current) : onSaved())}
    >
      {(m) => (
        // the record edited, for inputs that read it (HideOnSelf: one's own status, roles and scope)
        <RecordContextProvider value={record}>
          <FormBody screen={screen} mode={m} />
        </RecordContextProvider>
      )}
    </DocumentFormDialog>
  );
};
