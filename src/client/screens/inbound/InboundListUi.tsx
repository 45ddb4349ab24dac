/**
 * UI state shared by the parts of an inbound list: the order type of the route, which dialog is open, and
 * the reloads after an action (page 1 after add, delete and recreate; the current page otherwise).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useListContext, useRefresh, type Identifier, type RaRecord } from 'react-admin';

export type InboundDialogState =
  | { kind: 'edit'; id?: Identifier }
  | { kind: 'view'; record: RaRecord }
  | { kind: 'problem'; record: RaRecord }
  | null;

export interface InboundListUi {
  type: number;
  dialog: InboundDialogState;
  open(dialog: Exclude<InboundDialogState, null>): void;
  close(): void;
  done(): void;
  reload(): void;
}

const Ctx = createContext<InboundListUi | null>(null);

export function useInboundListUi(): InboundListUi {
  const ui = useContext(Ctx);
  if (!ui) throw new Error('useInboundListUi must be used inside <InboundListUiProvider>');
  return ui;
}

export const InboundListUiProvider = ({ type, children }: { type: number; children: ReactNode }) => {
  const [dialog, setDialog] = useState<InboundDialogState>(null);
  const { page, setPage } = useListContext();
  const refresh = useRefresh();
  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    setDialog(null);
    if (page !== 1) setPage(1);
    refresh();
  }, [page, setPage, refresh]);
  const reload = useCallback(() => {
    setDialog(null);
    refresh();
  }, [refresh]);
  const value = useMemo<InboundListUi>(() => ({ type, dialog, open: setDialog, close, done, reload }), [type, dialog, close, done, reload]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
};
