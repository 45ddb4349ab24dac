/**
 * The view dialog of a manifest screen: the document's header (the view's columns and form fields that are
 * fields, with their manifest labels, values shown by type) and its lines (the screen's `viewLines` of `form.lines` or `viewLinesOf`: line
 * fields by type, registered column widgets, or values the server adds to each line, shown as they come).
 * Test ids `${testId}-view-dialog`, `${testId}-view-lines`.
 */
import Typography from '@mui/material/Typography';
import { RecordContextProvider, useTranslate, type RaRecord } from 'react-admin';
import { refNameField, type FieldSpec, type ScreenItem } from '../../../shared/resource-meta';
import { formatDateTime } from '../../widgets/DateTimeField';
import { centsToText } from '../../widgets/money';
import { StatusTag, useEnumLabel } from '../cells';
import { DetailGrid, DetailItem, DocumentViewDialog } from '../DocumentViewDialog';
import { LinesTable, orDash, type LineColumn } from '../LinesTable';
import { oneOptions, testIdOf } from '../names';
import { columnWidget } from './registry';
import { fieldOf, type Screen } from './spec';

/** A field of `resource` as text by its type (a boolean by its own value texts when it has them). */
export function useFieldText() {
  const translate = useTranslate();
  const enumLabel = useEnumLabel();
  return (f: FieldSpec, record: Record<string, unknown>, resource: string): string => {
    const v = record[f.type === 'ref' ? refNameField(f) : f.name];
    if (v === null || v === undefined || v === '') return '';
    switch (f.type) {
      case 'enum': return enumLabel(f.enum!, v);
      case 'datetime': return formatDateTime(v);
      case 'money': {
        const currency = f.currency ? enumLabel('Currency', record[f.currency]) : '';
        return [centsToText(v as number), currency].filter(Boolean).join(' ');
      }
      case 'boolean': return translate(f.values ? `resources.${resource}.values.${f.name}.${Boolean(v)}` : v ? 'ra.boolean.true' : 'ra.boolean.false');
      default: return String(v);
    }
  };
}

/** Passwords and secrets are never read back: no row in the view. */
const writeOnly = (f: FieldSpec) => f.type === 'password' || f.type === 'secret';

export const ScreenViewDialog = ({ screen, record, onClose }: { screen: Screen; record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const text = useFieldText();
  const { spec, names } = screen;
  const seen = new Set<string>();
  const items: ScreenItem[] = [...screen.shown(spec.columns), ...screen.shown(spec.form?.fields ?? [])].filter((i) => !i.widget && screen.field(i.field) && !writeOnly(screen.field(i.field)!) && !seen.has(i.field) && seen.add(i.field));
  const linesRes = spec.form?.lines?.resource ?? spec.viewLinesOf;
  const columns: LineColumn<Record<string, unknown>>[] = linesRes
    ? spec.viewLines.map((item) => {
        const n = item.field;
        const f = fieldOf(screen, linesRes, n);
        const Widget = item.widget ? columnWidget(item.widget) : undefined;
        return {
          key: n,
          label: item.label ? `resources.${screen.resource}.columns.${n}` : `resources.${linesRes}.fields.${n}`,
          align: !f || f.type === 'int' || f.type === 'number' ? ('right' as const) : undefined,
          render: (l) =>
            Widget ? (
              <RecordContextProvider value={l as RaRecord}>
                <Widget screen={screen} field={n} />
              </RecordContextProvider>
            ) : !f ? (
              // a value the server adds to each line (manifest: a labelled item that is not a line field)
              orDash(l[n])
            ) : n === 'skuId' ? (
              <>
                {orDash(l.sku)}
                <Typography variant="caption" color="text.secondary" component="div">
                  {String(l.skuName ?? '')}
                </Typography>
              </>
            ) : (
              orDash(text(f, l, linesRes))
            ),
        };
      })
    : [];
  return (
    <DocumentViewDialog names={names} onClose={onClose} title={translate('wms.doc.dialog.view', { ...oneOptions(translate, screen.resource), no: record[spec.number] ?? '' })}>
      <DetailGrid testId={testIdOf(names, 'header')}>
        {items.map((i) => {
          const f = screen.field(i.field)!;
          const isStatus = screen.status && f.name === screen.meta.workflow?.field;
          return (
            <DetailItem key={i.field} label={screen.labelOf(i)}>
              {isStatus ? <StatusTag look={screen.status!} status={record[f.name]} testId={testIdOf(names, 'header-status')} /> : text(f, record, screen.resource)}
            </DetailItem>
          );
        })}
      </DetailGrid>
      {linesRes ? <LinesTable names={names} lines={(record.lines ?? []) as Record<string, unknown>[]} columns={columns} /> : null}
    </DocumentViewDialog>
  );
};
