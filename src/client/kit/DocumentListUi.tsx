/**
 * UI state shared by the parts of a document list: which dialog is open, and the reloads after an action:
 * `done` closes the dialog and reloads from page 1 (after add, delete, recreate), `reload` closes it and
 * reloads the current page (after edit and the workflow actions), `close` only closes it. `done` also clears the
 * selection: the rows it held may be gone (issue 27: the selection still counted a deleted SKU).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useListContext, useRefresh, type Identifier, type RaRecord } from 'react-admin';

/** The open dialog: the create/edit form (`id` absent to add; `record` the row edited), the view, or a screen's own kinds `K`. */
export type DocumentDialog<K extends string = never> = { kind: 'edit'; id?: Identifier; record?: RaRecord } | { kind: 'view' | K; record: RaRecord };

export interface DocumentListUi<K extends string = never> {
  dialog: DocumentDialog<K> | null;
  open(dialog: DocumentDialog<K>): void;
  close(): void;
  /** Close the dialog and reload from page 1. */
  done(): void;
  /** Close the dialog and reload the current page. */
  reload(): void;
}

const Ctx = createContext<DocumentListUi<string> | null>(null);

/** The list UI of the surrounding DocumentList; `K` names the screen's own dialog kinds. */
export function useDocumentListUi<K extends string = never>(): DocumentListUi<K> {
  const ui = useContext(Ctx);
  if (!ui) throw new Error('useDocumentListUi must be used inside <DocumentList>');
  return ui as unknown as DocumentListUi<K>;
}

export const DocumentListUiProvider = ({ children }: { children: ReactNode }) => {
  const [dialog, setDialog] = useState<DocumentDialog<string> | null>(null);
  const { page, setPage, onUnselectItems } = useListContext();
  const refresh = useRefresh();
  const close = useCallback(() => setDialog(null), []);
  const done = useCallback(() => {
    setDialog(null);
    onUnselectItems();
    if (page !== 1) setPage(1);
    refresh();
  }, [page, setPage, refresh, onUnselectItems]);
  const reload = useCallback(() => {
    setDialog(null);
    refresh();
  }, [refresh]);
  const value = useMemo<DocumentListUi<string>>(() => ({ dialog, open: setDialog, close, done, reload }), [dialog, close, done, reload]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
};
