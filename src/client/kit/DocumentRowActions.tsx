/**
 * The operations cell of a document row (issue 27 item 3): the row's actions as named entries, at most two of
 * them (`inline`, in that order, those the row offers) as buttons, every other one in the row's menu
 * (RowActionMenu.tsx), destructive ones (`danger`) last, apart. `prompt` is the row's confirmation dialog
 * (useConfirmPrompt), rendered here, outside the menu, so closing the menu does not close it.
 * `confirmOptions` words a document's prompt: the question names the document (`%{no}`), the buttons are named
 * after the action (Keep order / Cancel order; default Back / <Action>).
 */
import type { ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { MAX_INLINE } from '../../shared/resource-meta';
import type { ConfirmedActionOptions } from '../widgets/ConfirmedAction';
import { DocumentRowActionsBox } from './DocumentTable';
import { keyOf, type DocumentNames } from './names';
import { RowActionsMenu } from './RowActionMenu';


/** One action a row offers: its name (as `inline` names it), how it is drawn, and whether it destroys. */
export interface RowEntry {
  name: string;
  node: ReactNode;
  danger?: boolean;
}

export interface DocumentRowActionsProps {
  names: DocumentNames;
  /** Width of the cell in px: two buttons and the menu's icon. */
  width: number;
  /** Every action the row offers, in menu order. */
  entries: RowEntry[];
  /** The names shown as buttons, in order (at most MAX_INLINE are; never a `danger` one). */
  inline: string[];
  /** The row's confirmation dialog. */
  prompt?: ReactNode;
}

export const DocumentRowActions = ({ names, width, entries, inline, prompt }: DocumentRowActionsProps) => {
  const shown = inline.filter((n) => entries.some((e) => e.name === n && !e.danger)).slice(0, MAX_INLINE);
  const rest = entries.filter((e) => !shown.includes(e.name));
  const menu = rest.filter((e) => !e.danger).map((e) => <Slot key={e.name}>{e.node}</Slot>);
  const danger = rest.filter((e) => e.danger).map((e) => <Slot key={e.name}>{e.node}</Slot>);
  return (
    <DocumentRowActionsBox names={names} width={width}>
      {shown.map((n) => <Slot key={n}>{entries.find((e) => e.name === n)!.node}</Slot>)}
      {rest.length ? <RowActionsMenu names={names} danger={danger}>{menu}</RowActionsMenu> : null}
      {prompt}
    </DocumentRowActionsBox>
  );
};

/** Keeps an entry's node keyed in a list (MUI's MenuList takes no fragments). */
const Slot = ({ children }: { children: ReactNode }) => <>{children}</>;

/**
 * The prompt of a document's confirmed action: "<Action> <no>?" (or the action's own `keys`: title, keep, ok)
 * with its buttons (`one`: the resource's singular name for `%{one}`, e.g. "Delete warehouse JED01?"); success
 * notifies `${ns}.success`.
 */
export function confirmOptions(names: DocumentNames, record: RaRecord, numberField: string, o: { label: string; action: string; keys?: { title: string; keep: string; ok: string }; testId: string; destructive?: boolean; call: () => Promise<unknown>; after: () => void; one?: { one: string; One: string } }): ConfirmedActionOptions {
  return {
    title: o.keys?.title ?? keyOf(names, 'dialog.confirm'),
    keep: o.keys?.keep ?? keyOf(names, 'dialog.back'),
    ok: o.keys?.ok ?? o.label,
    translateOptions: { no: record[numberField] ?? '', action: o.action, ...o.one },
    destructive: o.destructive,
    testId: o.testId,
    successMessage: keyOf(names, 'success'),
    action: o.call,
    after: o.after,
  };
}
