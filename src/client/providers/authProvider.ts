/**
 * The console's auth provider: createAuthProvider bound to the generated per-action permission codes
 * (generated/client/access.ts `accessCodes`).
 */
import { accessCodes } from '../../../generated/client/access';
import { createAuthProvider } from './createAuthProvider';

export type { CurrentUser, LoginParams } from './createAuthProvider';
export const authProvider = createAuthProvider(accessCodes);
