/**
 * Rows a plain list may not edit or delete (manifest `lockedRows: <boolean field>`, e.g. the built-in database
 * connection, issue 15): the generated list wraps Edit and Delete in `UnlessLocked` and clicks a row to edit it
 * only when `lockedRowClick` allows. The server refuses such writes itself (the resource's hooks); this only
 * keeps the console from offering them.
 */
import type { ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'react-admin';

/** Whether `record` is locked by its boolean `field` (true locks it). */
export const isLockedRow = (record: RaRecord | undefined, field: string): boolean => record?.[field] === true;

/** Its children, unless the row in context is locked by `field`. */
export const UnlessLocked = ({ field, children }: { field: string; children: ReactNode }) => {
  const record = useRecordContext();
  return isLockedRow(record, field) ? null : <>{children}</>;
};

/** A Datagrid `rowClick` that edits the row unless it is locked by `field` (then a click does nothing). */
export const lockedRowClick = (field: string) => (_id: unknown, _resource: string, record: RaRecord) => (isLockedRow(record, field) ? false : 'edit');
