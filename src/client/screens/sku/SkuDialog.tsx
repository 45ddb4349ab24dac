/**
 * The dialog shell of the SKU screens (spec 2.8: "dialogs are 80% wide, close on Cancel, and do not close on
 * a click outside"): the shared WideDialog, and its Cancel + primary buttons with the SKU Cancel text.
 */
import { WideDialog, WideDialogButtons, WIDE_DIALOG_WIDTH, type WideDialogProps } from '../../widgets/WideDialog';

export const DIALOG_WIDTH = WIDE_DIALOG_WIDTH;

export interface SkuDialogProps extends WideDialogProps {
  open: boolean;
}

export const SkuDialog = (props: SkuDialogProps) => <WideDialog {...props} />;

export interface DialogButtonsProps {
  onCancel: () => void;
  /** Translation key of the primary button (e.g. app.sku.action.save). */
  label: string;
  /** Submits this form id; without it the primary button calls onConfirm. */
  form?: string;
  onConfirm?: () => void;
  /** A request is running: both buttons wait, the primary one spins. */
  busy?: boolean;
  disabled?: boolean;
  testId?: string;
}

/** The Cancel + primary button pair every SKU dialog ends with. */
export const DialogButtons = (props: DialogButtonsProps) => <WideDialogButtons {...props} cancelLabel="app.sku.action.cancel" />;
