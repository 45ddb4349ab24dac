/**
 * The dialog shell of the SKU and inventory dialogs (spec 2.8: "dialogs are 80% wide, close on Cancel, and do
 * not close on a click outside"): the shared WideDialog, and its Cancel + primary buttons.
 */
import { WideDialog, WideDialogButtons, type WideDialogButtonsProps, type WideDialogProps } from '../../widgets/WideDialog';

export const SkuDialog = (props: WideDialogProps & { open: boolean }) => <WideDialog {...props} />;

/** The Cancel + primary button pair every SKU dialog ends with. */
export const DialogButtons = (props: Omit<WideDialogButtonsProps, 'cancelLabel'>) => <WideDialogButtons {...props} cancelLabel="wms.doc.action.cancel" />;
