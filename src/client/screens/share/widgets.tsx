/**
 * What the share list's manifest (`inventoryShare.screen`) cannot say, registered once (imported as
 * ../widgets.ts says):
 * - form `shareDialog`: ShareDialog (selection-dependent inputs, the link shown once after an add);
 * - column `shareColumns`: the visible columns by their enum texts;
 * - row `shareLink`: "New link" (asks first: the old link stops), then the copy-link dialog with the new token;
 * - row `shareRevoke`: "Revoke link" (asks first), shown while the share has a live link.
 * Both row buttons need the share's edit code (manifest `inventoryShare.permissions.edit`).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Confirm, useDataProvider, useNotify, usePermissions, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { accessCodes } from '../../../../generated/client/access';
import { callOf } from '../../kit/documentApi';
import { testIdOf } from '../../kit/names';
import { registerColumn, registerForm, registerRow } from '../../kit/screen/registry';
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

/** A row button that asks before it calls `path {id}`, then hands the answer on. */
const ConfirmedCall = ({ screen, record, part, path, label, confirm, onDone }: { screen: Screen; record: RaRecord; part: string; path: string; label: string; confirm: string; onDone: (data: any) => void }) => { // eslint-disable-line @typescript-eslint/no-explicit-any
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      onDone(await callOf(dataProvider)(path, { id: record.id }));
    } catch (e) {
      notify(errorMessage(e), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button size="small" color={part === 'revoke' ? 'warning' : 'primary'} onClick={() => setAsking(true)} data-testid={testIdOf(screen.names, `row-${part}`)}>
        {translate(label)}
      </Button>
      <Confirm isOpen={asking} loading={busy} title={label} content={translate(confirm, { title: String(record.title ?? '') })} onConfirm={run} onClose={() => setAsking(false)} />
    </>
  );
};

registerRow('shareLink', ({ screen, record, ui }) => {
  const { permissions } = usePermissions();
  const [token, setToken] = useState<string | null>(null);
  if (!hasCode(permissions, EDIT_CODE)) return null;
  return (
    <>
      <ConfirmedCall screen={screen} record={record} part="regenerate" path={SHARE_CALLS.regenerate} label="app.share.link.regenerate" confirm="app.share.link.regenerate_confirm" onDone={(d: { token: string }) => setToken(d.token)} />
      {token && (
        <ShareLinkDialog
          title={String(record.title ?? '')}
          token={token}
          onClose={() => {
            setToken(null);
            ui.reload();
          }}
        />
      )}
    </>
  );
});

registerRow('shareRevoke', ({ screen, record, ui }) => {
  const { permissions } = usePermissions();
  const notify = useNotify();
  if (!record.linkActive || !hasCode(permissions, EDIT_CODE)) return null;
  return (
    <ConfirmedCall
      screen={screen}
      record={record}
      part="revoke"
      path={SHARE_CALLS.revoke}
      label="app.share.link.revoke"
      confirm="app.share.link.revoke_confirm"
      onDone={() => {
        notify('app.share.link.revoked', { type: 'success' });
        ui.reload();
      }}
    />
  );
});
