/**
 * LockToggleButton: row action that locks an enabled record or unlocks a locked one (spec 4: Status
 * ENABLE = 1, LOCK = -1; owners and warehouses are switched by separate lock and unlock calls; spec 7.2
 * `P/lock`, `P/unlock` with `{id}`). Shown only to users allowed to lock/unlock the resource (spec 6).
 */
import { useState, type MouseEvent } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Button,
  useCanAccess,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';

/** The custom calls of the console's dataProvider (docs/architecture.md, providers/createDataProvider.ts). */
interface LockingDataProvider extends DataProvider {
  lock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
  unlock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
}

const ENABLE = 1;

export const LockToggleButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const dataProvider = useDataProvider<LockingDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const enabled = record !== undefined && Number(record.status) === ENABLE;
  const action = enabled ? 'lock' : 'unlock';
  const { canAccess } = useCanAccess({ resource, action, record });

  if (!record || !resource || !canAccess) return null;

  const handleClick = async (event: MouseEvent) => {
    // the row itself opens the record on click
    event.stopPropagation();
    setBusy(true);
    try {
      if (enabled) await dataProvider.lock(resource, { id: record.id });
      else await dataProvider.unlock(resource, { id: record.id });
      refresh();
      notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={enabled ? 'wms.widgets.lock' : 'wms.widgets.unlock'}
      onClick={handleClick}
      disabled={busy}
      color={enabled ? 'warning' : 'primary'}
      className={`wms-${action}-button`}
    >
      {enabled ? <LockIcon /> : <LockOpenIcon />}
    </Button>
  );
};
