/**
 * The client guard of a route (spec 6): renders the page when the user's roles hold `code` ('any': every
 * logged-in user; 'a|b': either), else goes to /401 (opened with noGoBack). Nothing is shown while the roles
 * load. The server still checks every call; this keeps a user out of a page they cannot use.
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { hasCode } from '../providers/access';

export const RequireCode = ({ code, children }: { code: string; children: ReactNode }) => {
  const { permissions, isPending } = usePermissions();
  if (isPending) return null;
  return hasCode(permissions, code === 'any' ? undefined : code) ? <>{children}</> : <Navigate to="/401?noGoBack=true" replace />;
};
