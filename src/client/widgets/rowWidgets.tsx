/**
 * The row widgets of the plain resources' screens (derived by the manifest loader; listed for them in
 * src/client/screens/widgets.ts): `lockToggle` (lock / unlock with confirmation, a resource with the lock
 * operations), `unlockLogin` (users: lift a login lock), `dbmsQuery` and `dbmsHistory` (database connections).
 * Each reads its row from react-admin's record context, as in any list.
 */
import { registerRow } from '../kit/screen/registry';
import { DbmsHistoryButton, DbmsQueryButton } from './DbmsRowButtons';
import { LockToggleButton } from './LockToggleButton';
import { UnlockLoginButton } from './UnlockLoginButton';

registerRow('lockToggle', LockToggleButton);
registerRow('unlockLogin', UnlockLoginButton);
registerRow('dbmsQuery', DbmsQueryButton);
registerRow('dbmsHistory', DbmsHistoryButton);
