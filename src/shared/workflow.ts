/**
 * Reading a manifest workflow (src/shared/resource-meta.ts WorkflowSpec) on both sides: the server guards
 * transitions with it (src/server/crud/workflow.ts), the console shows only the actions a record allows.
 */
import type { WorkflowSpec } from './resource-meta';

/** True when `action` may be taken from `state`. */
export function canTake(wf: WorkflowSpec | undefined, action: string, state: number): boolean {
  return !!wf?.actions.some((a) => a.name === action && a.from.includes(state));
}

/** The actions a record in `state` allows, in manifest order. */
export function actionsFrom(wf: WorkflowSpec | undefined, state: number): WorkflowSpec['actions'] {
  return wf?.actions.filter((a) => a.from.includes(state)) ?? [];
}
