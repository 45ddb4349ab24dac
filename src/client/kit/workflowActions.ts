/**
 * Which workflow actions a document's row offers: the manifest workflow's actions from the record's state
 * (src/shared/workflow.ts `actionsFrom`, manifest order), each only for users holding its permission code.
 */
import { usePermissions } from 'react-admin';
import type { WorkflowSpec } from '../../shared/resource-meta';
import { actionsFrom } from '../../shared/workflow';
import { permits } from '../widgets/Permitted';

/** The names of the actions a record in `status` offers to a user with `roles`. */
export function allowedActions(workflow: WorkflowSpec | undefined, status: number, roles: unknown): string[] {
  return actionsFrom(workflow, status)
    .filter((a) => !a.code || permits(roles, a.code))
    .map((a) => a.name);
}

/** `allowedActions` for the current user; none while the roles are loading. */
export function useAllowedActions(workflow: WorkflowSpec | undefined, status: number): string[] {
  const { permissions, isPending } = usePermissions();
  return isPending ? [] : allowedActions(workflow, status, permissions);
}
