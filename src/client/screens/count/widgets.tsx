/**
 * The count list's hand-written row button (resources.yaml count.screen `rowWidgets: [countExec]`), registered
 * once (imported as ../widgets.ts says): `countExec`, for holders of count:count on a count being counted, opens
 * the blind counting screen on it (/func/count_exec?code=<count number>).
 */
import { usePermissions, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { testIdOf } from '../../kit/names';
import { RowActionButton } from '../../kit/RowActionMenu';
import { registerRow } from '../../kit/screen/registry';
import { hasCode } from '../../providers/access';
import { CountStatus } from '../../../../generated/shared/enums';
import { COUNT_EXEC_ROUTE } from './routes';

/** count:count (constants.ts CODE_COUNT; not imported from there: this module is in the list's chunk). */
const CODE_COUNT = 'count:count';

registerRow('countExec', ({ screen, record }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { permissions } = usePermissions();
  if (Number(record.status) !== CountStatus.COUNTING || !hasCode(permissions, CODE_COUNT)) return null;
  return <RowActionButton label={translate('screens.countExec')} color="success" onClick={() => navigate(`${COUNT_EXEC_ROUTE}?code=${encodeURIComponent(String(record.countNo ?? ''))}`)} testId={testIdOf(screen.names, 'row-count-exec')} />;
});
