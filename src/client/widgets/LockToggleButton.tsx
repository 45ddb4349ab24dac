/**
 * LockToggleButton: row action that locks an enabled record or unlocks a locked one (spec 4: Status
 * ENABLE = 1, LOCK = -1; owners and warehouses are switched by separate lock and unlock calls; spec 7.2
 * `P/lock`, `P/unlock` with `{id}`). Shown only to users allowed to lock/unlock the resource (spec 6). Locking
 * asks first, naming the record ("Lock warehouse Riyadh DC?"; issue 27); unlocking does not.
 */
import { useState, type MouseEvent } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import {
  Confirm,
  useCanAccess,
  useGetRecordRepresentation,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type DataProvider,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { oneOptions } from '../kit/names';
import { RowActionButton } from '../kit/RowActionMenu';

/** The custom calls of the console's dataProvider (docs/architecture.md, providers/createDataProvider.ts). */
interface LockingDataProvider extends DataProvider {
  lock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
  unlock(resource: string, params: { id: Identifier }): Promise<{ data: RaRecord }>;
}

const ENABLE = 1;

export const LockToggleButton = () => {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<LockingDataProvider>();
  const refresh = useRefresh();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const represent = useGetRecordRepresentation(resource);
  const enabled = record !== undefined && Number(record.status) === ENABLE;
  const action = enabled ? 'lock' : 'unlock';
  const { canAccess } = useCanAccess({ resource, action, record });

  if (!record || !resource || !canAccess) return null;

  const run = async () => {
    setAsking(false);
    setBusy(true);
    try {
      if (enabled) await dataProvider.lock(resource, { id: record.id });
      else await dataProvider.unlock(resource, { id: record.id });
      refresh();
      notify('wms.doc.success', { type: 'success' }); // the documents' toast (issue 27)
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'ra.notification.http_error';
      notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const handleClick = () => {
    if (enabled) setAsking(true);
    else void run();
  };

  const name = represent(record);
  return (
    <>
    <Confirm
      isOpen={asking}
      title="wms.widgets.lockConfirmTitle"
      content="wms.widgets.lockConfirmContent"
      translateOptions={{ name: typeof name === 'string' ? name : String(record.id), ...oneOptions(translate, resource) }}
      confirm="wms.widgets.lock"
      cancel="wms.widgets.lockConfirmKeep"
      confirmColor="warning"
      onConfirm={run}
      onClose={(e: MouseEvent) => { e?.stopPropagation?.(); setAsking(false); }}
    />
    <RowActionButton
      label={translate(enabled ? 'wms.widgets.lock' : 'wms.widgets.unlock')}
      onClick={handleClick}
      disabled={busy}
      color={enabled ? 'warning' : 'primary'}
      testId={`${resource}-row-${action}`}
      icon={enabled ? <LockIcon /> : <LockOpenIcon />}
    />
    </>
  );
};
