/**
 * The one thing the request record and HTTP exception log lists (resources.yaml `requestRecord.screen`,
 * `exceptionHttpLog.screen`; issue 15) cannot say in the manifest: row `recordText`, a View button whose
 * dialog shows the row's columns and then every long text field of the resource (the request body, the
 * stack) in full, monospaced and kept as written (line breaks, indentation; a JSON body indented). A read-only list has no View
 * of its own (codegen/manifest-screen.ts). Test ids `<testId>-row-view`, `<testId>-text-<field>`.
 * Imported for its side effect by the views modules of the screens that name them (src/client/screens/widgets.ts).
 */
import Box from '@mui/material/Box';
import { useTranslate, type RaRecord } from 'react-admin';
import { DetailGrid, DetailItem, DocumentViewDialog } from '../../kit/DocumentViewDialog';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerRow, widgetDialogKind } from '../../kit/screen/registry';
import { useFieldText } from '../../kit/screen/ScreenViewDialog';
import { partName, type Screen } from '../../kit/screen/spec';

/** A stored text as shown: JSON (a request body that was not cut) indented, anything else as it is. */
function shown(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  const s = String(v);
  if (!s.startsWith('{') && !s.startsWith('[')) return s;
  try {
    return JSON.stringify(JSON.parse(s), null, 2);
  } catch {
    return s; // cut at 4 KB: no longer JSON
  }
}

const RecordTextDialog = ({ screen, record, onClose }: { screen: Screen; record: RaRecord; onClose: () => void }) => {
  const translate = useTranslate();
  const text = useFieldText();
  const label = (f: string) => `resources.${screen.resource}.fields.${f}`;
  const columns = screen.shown(screen.spec.columns).flatMap((i) => (!i.widget && screen.field(i.field) ? [screen.field(i.field)!] : []));
  const texts = screen.meta.fields.filter((f) => f.type === 'text');
  return (
    <DocumentViewDialog names={screen.names} onClose={onClose} title={translate('wms.doc.dialog.view', { resource: translate(`resources.${screen.resource}.name`), no: record.id })}>
      <DetailGrid testId={testIdOf(screen.names, 'view-fields')}>
        {columns.map((f) => (
          <DetailItem key={f.name} label={label(f.name)}>
            {text(f, record, screen.resource)}
          </DetailItem>
        ))}
      </DetailGrid>
      {texts.map((f) => (
        <DetailItem key={f.name} label={label(f.name)} wide>
          <Box
            component="pre"
            data-testid={testIdOf(screen.names, `text-${partName(f.name)}`)}
            sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', bgcolor: 'action.hover', p: 1, m: 0, mb: 2, maxHeight: 360, overflow: 'auto' }}
          >
            {shown(record[f.name])}
          </Box>
        </DetailItem>
      ))}
    </DocumentViewDialog>
  );
};

registerRow(
  'recordText',
  ({ screen, record, ui }) => {
    const translate = useTranslate();
    return <RowActionButton label={translate('wms.doc.action.view')} onClick={() => ui.open({ kind: widgetDialogKind('recordText'), record })} testId={testIdOf(screen.names, 'row-view')} />;
  },
  ({ screen, record, ui }) => <RecordTextDialog screen={screen} record={record} onClose={ui.close} />,
);
