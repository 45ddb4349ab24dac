/**
 * The columns of a manifest screen (spec 2.6 / 2.8 columns): the row number, the view's `columns` in the
 * manifest's order (each cell chosen by its field's type: the workflow status as a coloured tag, enums as
 * tags, references by name, date-times in the user's time zone, money, yes/no tags (the field's own value
 * texts when it has them, e.g. Enabled / Disabled), numbers (a port without grouping), a quota as
 * `used / allowed`, several records by name (`all` for an allowAll field), an `image` field as its 60x60
 * thumbnail (drawn LIST_THUMB px) that
 * previews on click (spec 9), texts; or a
 * registered column widget; or, for a labelled item that is not a field, the value the server adds to the row
 * at that dotted path, an array one value a line), then the operations. Only fields the manifest marks sortable sort.
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { NumberField, TextField, useRecordContext, useTranslate } from 'react-admin';
import { refNameField, type ScreenItem } from '../../../shared/resource-meta';
import { DateTimeField } from '../../widgets/DateTimeField';
import { EnumField } from '../../widgets/EnumField';
import { EnumKeysField } from '../../widgets/EnumKeysInput';
import { MoneyField } from '../../widgets/MoneyField';
import { RefsField } from '../../widgets/RefsField';
import { UsedOfField } from '../../widgets/UsedOfField';
import { SafeImage } from '../../widgets/SafeImage';
import { centsToText } from '../../widgets/money';
import { RowNumberCell, StatusCell, useEnumLabel } from '../cells';
import { testIdOf } from '../names';
import { LIST_THUMB, type CellProps } from '../DocumentTable';
import { columnWidget } from './registry';
import { partName, type Screen } from './spec';

/** A registered column widget's cell. */
const WidgetCell = ({ screen, item }: CellProps & { screen: Screen; item: ScreenItem }) => {
  const record = useRecordContext();
  const Widget = columnWidget(item.widget!);
  return record && Widget ? <Widget screen={screen} field={item.field} /> : null;
};

/** A value the server adds to the row (dotted path): texts and numbers as they are, an array one a line. */
const ValueCell = ({ source }: CellProps) => {
  const record = useRecordContext();
  const value = source!.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), record);
  const values = (Array.isArray(value) ? value : [value]).filter((v) => v !== null && v !== undefined && v !== '');
  if (!values.length) return null;
  return (
    <>
      {values.map((v, i) => (
        <Typography key={i} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {String(v)}
        </Typography>
      ))}
    </>
  );
};

/** An amount with its currency, e.g. `125.50 SAR` (test id `${testId}-<part>`). */
const MoneyCell = ({ source, screen, currency }: CellProps & { screen: Screen; currency: string }) => {
  const record = useRecordContext();
  const enumLabel = useEnumLabel();
  if (!record || record[source!] === null || record[source!] === undefined) return null;
  return (
    <span data-testid={testIdOf(screen.names, partName(source!))} style={{ whiteSpace: 'nowrap' }}>
      {[centsToText(record[source!]), enumLabel('Currency', record[currency])].filter(Boolean).join(' ')}
    </span>
  );
};

/** A yes / no tag: green for true; the texts are the field's `values` (else Yes / No). */
const BoolCell = ({ source, screen }: CellProps & { screen: Screen }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const v = record?.[source!];
  if (v === null || v === undefined || v === '') return null;
  const yes = v === true || v === 1 || v === 'true';
  const own = screen.field(source!)?.values ? `resources.${screen.resource}.values.${source}.${yes}` : undefined;
  return <Chip size="small" color={yes ? 'success' : 'default'} label={translate(own ?? (yes ? 'ra.boolean.true' : 'ra.boolean.false'))} data-testid={testIdOf(screen.names, partName(source!))} />;
};

/**
 * Texts keep their line breaks (a log line's store info, one store detail a line) but never wrap (issue 27: a
 * list row is one line high unless the text itself has lines; a long one ends in the cell's ellipsis).
 */
const KEEP_LINES = { whiteSpace: 'pre' } as const;
/** An uploaded picture's thumbnail (spec 9: the 60x60 file, drawn LIST_THUMB px so the row stays low; a click previews it). */
const ImageCell = ({ source }: CellProps) => {
  const record = useRecordContext();
  return record ? <SafeImage src={record[source!] as string | undefined} width={LIST_THUMB} height={LIST_THUMB} alt="" preview thumbnail /> : null;
};

/** The Datagrid children of the view's columns (row number first; the caller adds the operations). */
export function screenColumns(screen: Screen) {
  const cells = screen.shown(screen.spec.columns).map((item) => {
    const label = screen.labelOf(item);
    const f = screen.field(item.field);
    const key = item.field;
    if (!item.widget && !f) return <ValueCell key={key} source={key} label={label} sortable={false} />;
    if (item.widget || !f) return <WidgetCell key={key} source={key} label={label} sortable={false} screen={screen} item={item} />;
    const sortable = f.sortable;
    if (screen.status && f.name === screen.meta.workflow?.field) return <StatusCell key={key} source={key} label={label} sortable={sortable} look={screen.status} />;
    if (f.widget === 'image') return <ImageCell key={key} source={key} label={label} sortable={false} />;
    // `used / allowed` (a quota), sorted by the allowed number when that one sorts
    if (f.outOf) return screen.field(f.outOf)?.sortable ? <UsedOfField key={key} source={key} outOf={f.outOf} label={label} sortBy={f.outOf} /> : <UsedOfField key={key} source={key} outOf={f.outOf} label={label} sortable={false} />;
    switch (f.type) {
      case 'ref': return <TextField key={key} source={refNameField(f)} label={label} sortable={false} />;
      case 'datetime': return <DateTimeField key={key} source={key} label={label} sortable={sortable} />;
      case 'enum': return <EnumField key={key} source={key} enumName={f.enum!} label={label} sortable={sortable} />;
      case 'boolean': return <BoolCell key={key} source={key} label={label} sortable={sortable} screen={screen} />;
      case 'money': return f.currency ? <MoneyCell key={key} source={key} label={label} sortable={sortable} screen={screen} currency={f.currency} /> : <MoneyField key={key} source={key} label={label} sortable={sortable} />;
      case 'int': case 'number': return <NumberField key={key} source={key} label={label} sortable={sortable} options={f.grouping === false ? { useGrouping: false } : undefined} />;
      case 'strings': return f.enum ? <EnumKeysField key={key} source={key} enumName={f.enum} label={label} sortable={false} /> : <TextField key={key} source={key} label={label} sortable={false} />;
      case 'refs': return <RefsField key={key} source={key} reference={f.resource!} allowAll={f.allowAll} label={label} sortable={false} />;
      case 'string': case 'text': return <TextField key={key} source={key} label={label} sortable={sortable} sx={KEEP_LINES} />;
      default: return <TextField key={key} source={key} label={label} sortable={sortable} />;
    }
  });
  return [<RowNumberCell key="#" label="wms.doc.column.row_number" />, ...cells];
}
