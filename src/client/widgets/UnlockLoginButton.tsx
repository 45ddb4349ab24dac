/**
 * UnlockLoginButton: a user row's action that lifts a login lock of that user's name (issue 12; POST
 * `<user path>/unlockLogin {id}`, code: the user resource's edit code). Declared in the manifest as the user
 * user screen's `rowWidgets` (unlockLogin, src/client/widgets/rowWidgets.tsx). Shown to users who may edit users; it says whether the name was locked.
 */
import { useState } from 'react';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useCanAccess, useNotify, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { RowActionButton } from '../kit/RowActionMenu';
import { apiPaths } from '../../../generated/client/api';
import { sapi } from '../providers/http';
import { errorMessage } from './errorMessage';

export const UnlockLoginButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: 'edit', record });
  if (!record || !resource || !canAccess) return null;

  const handleClick = async () => {
    setBusy(true);
    try {
      const r = await sapi<{ wasLocked: boolean }>(`${apiPaths[resource]}/unlockLogin`, { id: record.id });
      notify(r.wasLocked ? 'wms.widgets.unlockLogin.done' : 'wms.widgets.unlockLogin.notLocked', { type: r.wasLocked ? 'success' : 'info', messageArgs: { name: String(record.name ?? record.id) } });
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <RowActionButton label={translate('wms.widgets.unlockLogin.button')} onClick={() => void handleClick()} disabled={busy} testId="user-row-unlock-login" icon={<LockResetIcon />} />
  );
};
