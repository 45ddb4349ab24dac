/**
 * GrantableRolesInput: the roles of a user form (manifest `widget: grantableRoles`), offering only the roles the
 * editor may grant (issue 26: a role whose codes the editor does not all hold, the admin role above all, is left
 * out; the rule is src/shared/grants.ts and the server enforces it). Roles the record already holds stay shown
 * as chosen, so an unchanged form saves unchanged.
 */
import { useMemo } from 'react';
import { AutocompleteArrayInput, useGetList, usePermissions, useRecordContext } from 'react-admin';
import { mayGrantRole } from '../../shared/grants';
import { QUIET_READ } from '../providers/loading';

export interface GrantableRolesInputProps {
  source: string;
  label?: string;
  isRequired?: boolean;
  disabled?: boolean;
}

type RoleRecord = { id: number; name: string; code: string; permissionCodes?: string[] };
const QUERY = { pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' as const }, ...QUIET_READ };

export const GrantableRolesInput = ({ source, label, isRequired, disabled }: GrantableRolesInputProps) => {
  const record = useRecordContext();
  const { permissions } = usePermissions<string[]>();
  const { data, isPending } = useGetList<RoleRecord>('role', QUERY);
  const choices = useMemo(() => {
    if (!data) return [];
    if (!Array.isArray(permissions)) return data;
    const held = new Set(permissions);
    const current = new Set(Array.isArray(record?.[source]) ? (record[source] as number[]) : []);
    return data.filter((r) => current.has(r.id) || mayGrantRole(held, r));
  }, [data, permissions, record, source]);
  return <AutocompleteArrayInput source={source} label={label} choices={choices} optionText="name" isPending={isPending} isRequired={isRequired} disabled={disabled} />;
};
