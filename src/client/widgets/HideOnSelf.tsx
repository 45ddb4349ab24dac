/**
 * HideOnSelf: renders its children unless the current record is the logged-in user (spec 2.5: the status
 * field of the user edit screen is hidden when a user edits themself; spec 6: editing oneself may not
 * change status).
 *
 * Self means `useGetIdentity().identity.id` equals the record's `id` (compared as strings, so 7 and '7'
 * match). Without a record (create form) the children show. While the identity is still loading nothing is
 * shown, so the field does not flash up on one's own record; if the identity cannot be loaded the children
 * show (the server still refuses a status change on oneself).
 */
import type { ReactNode } from 'react';
import { useGetIdentity, useRecordContext } from 'react-admin';

export interface HideOnSelfProps {
  children?: ReactNode;
}

/** True when `record` is the user identified by `identityId`. */
export function isSelf(record: { id?: unknown } | undefined, identityId: unknown): boolean {
  if (!record || record.id === undefined || record.id === null || record.id === '') return false;
  if (identityId === undefined || identityId === null || identityId === '') return false;
  return String(record.id) === String(identityId);
}

export const HideOnSelf = ({ children }: HideOnSelfProps) => {
  const record = useRecordContext();
  const { identity, isPending } = useGetIdentity();
  if (!record) return <>{children}</>;
  if (isPending) return null;
  if (isSelf(record, identity?.id)) return null;
  return <>{children}</>;
};
