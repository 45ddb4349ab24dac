/**
 * The console's auth provider: createAuthProvider bound to the generated permission-code tables
 * (generated/client/access.ts).
 */
import { accessCodes, topCodes } from '../../../generated/client/access';
import { createAuthProvider } from './createAuthProvider';

export type { CurrentUser, LoginParams } from './createAuthProvider';
export const authProvider = createAuthProvider({ accessCodes, topCodes });
