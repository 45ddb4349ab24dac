/**
 * UI state shared by the parts of the adjustment list: which dialog is open, and the two reloads after a
 * successful action (back to page 1 after add and delete; the current page after edit, approve, reject).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useListContext, useRefresh, type Identifier, type RaRecord } from 'react-admin';

export type JudgementDialogState =
  | { kind: 'edit'; id?: Identifier }
  | { kind: 'view'; record: RaRecord }
  | { kind: 'reject'; record: RaRecord }
  | null;

export interface JudgementListUi {
  dialog: JudgementDialogState;
  open(dialog: Exclude<JudgementDialogState, null>): void;
  close(): void;
  /** Close the dialog and reload from page 1. */
  done(): void;
  /** Close the dialog and reload the current page. */
  reload(): void;
}

const Ctx = createContext<JudgementListUi | null>(null);

export function useJudgementListUi(): JudgementListUi {
  const ui = useContext(Ctx);
  if (!ui) throw new Error('useJudgementListUi must be used inside <JudgementListUiProvider>');
  return ui;
}

export const JudgementListUiProvider = ({ children }: { children: ReactNode }) => {
  const [dialog, setDialog] = useState<JudgementDialogState>(null);
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
  const value = useMemo<JudgementListUi>(() => ({ dialog, open: setDialog, close, done, reload }), [dialog, close, done, reload]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
};
