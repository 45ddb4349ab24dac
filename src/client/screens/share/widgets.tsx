/**
 * What the share list's manifest (`inventoryShare.screen`) cannot say, registered once (imported as
 * ../widgets.ts says):
 * - form `shareDialog`: ShareDialog (selection-dependent inputs, the link shown once after an add);
 * - column `shareColumns`: the visible columns by their enum texts;
 * - row `shareLink`: "New link" (asks first: the old link stops), then the copy-link dialog with the new token;
 * - row `shareRevoke`: "Revoke link" (asks first), shown while the share has a live link.
 * The prompts and the link dialog are list dialogs (registerRow's dialog), outside the row's menu.
 * Both row buttons need the share's edit code (manifest `inventoryShare.permissions.edit`).
 */
import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { accessCodes } from '../../../../generated/client/access';
import { callOf } from '../../kit/documentApi';
import type { DocumentListUi } from '../../kit/DocumentListUi';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerColumn, registerForm, registerRow, widgetDialogKind } from '../../kit/screen/registry';
import type { Screen } from '../../kit/screen/spec';
import { hasCode } from '../../providers/access';
import { errorMessage } from '../../widgets/errorMessage';
import { ShareDialog } from './ShareDialog';
import { ShareLinkDialog } from './ShareLinkDialog';
import { SHARE_CALLS } from './shareLink';

const EDIT_CODE = accessCodes.inventoryShare?.edit;

registerForm('shareDialog', (props) => <ShareDialog {...props} />);

registerColumn('shareColumns', ({ screen }) => {
  const translate = useTranslate();
  const cols = (useRecordContext()?.shownColumns as string[] | undefined) ?? [];
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" data-testid={testIdOf(screen.names, 'columns')}>
      {cols.map((c) => (
        <Chip key={c} size="small" label={translate(`enums.ShareColumn.${c}`)} />
      ))}
    </Stack>
  );
});

/**
 * The prompt of a row action: asks, then calls `path {id}` and hands the answer on; a dialog of the list
 * (widgetDialogKind), so it outlives the row's menu.
 */
const ConfirmedCall = ({ screen, record, part, path, label, confirm, onDone, onClose }: { screen: Screen; record: RaRecord; part: string; path: string; label: string; confirm: string; onDone: (data: any) => void; onClose: () => void }) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onDone(await callOf(dataProvider)(path, { id: record.id }));
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return <Confirm isOpen loading={busy} title={label} content={translate(confirm, { title: String(record.title ?? '') })} confirm={label} cancel="wms.doc.dialog.back" onConfirm={run} onClose={onClose} data-testid={testIdOf(screen.names, `row-${part}-confirm`)} />;
};

/** The row action opening the list dialog `name`, for holders of the share's edit code (and `shown`). */
const ShareRowButton = ({ screen, record, ui, name, part, label, shown = true }: { screen: Screen; record: RaRecord; ui: DocumentListUi<string>; name: string; part: string; label: string; shown?: boolean }) => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  if (!shown || !hasCode(permissions, EDIT_CODE)) return null;
  return <RowActionButton label={translate(label)} color={part === 'revoke' ? 'warning' : 'primary'} onClick={() => ui.open({ kind: widgetDialogKind(name), record })} testId={testIdOf(screen.names, `row-${part}`)} />;
};

/** New link: asks (the old link stops), then shows the new link once. */
const NewLinkDialog = ({ screen, record, ui }: { screen: Screen; record: RaRecord; ui: DocumentListUi<string> }) => {
  const [token, setToken] = useState<string | null>(null);
  if (token) return <ShareLinkDialog title={String(record.title ?? '')} token={token} onClose={ui.reload} />;
  return <ConfirmedCall screen={screen} record={record} part="regenerate" path={SHARE_CALLS.regenerate} label="app.share.link.regenerate" confirm="app.share.link.regenerate_confirm" onDone={(d: { token: string }) => setToken(d.token)} onClose={ui.close} />;
};

registerRow(
  'shareLink',
  (props) => <ShareRowButton {...props} name="shareLink" part="regenerate" label="app.share.link.regenerate" />,
  (props) => <NewLinkDialog {...props} />,
);

registerRow(
  'shareRevoke',
  (props) => <ShareRowButton {...props} name="shareRevoke" part="revoke" label="app.share.link.revoke" shown={Boolean(props.record.linkActive)} />,
  function RevokeDialog({ screen, record, ui }) {
    const notify = useNotify();
    const done = () => {
      notify('app.share.link.revoked', { type: 'success' });
      ui.reload();
    };
    return <ConfirmedCall screen={screen} record={record} part="revoke" path={SHARE_CALLS.revoke} label="app.share.link.revoke" confirm="app.share.link.revoke_confirm" onDone={done} onClose={ui.close} />;
  },
);
