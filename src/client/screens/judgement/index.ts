/** The inventory adjustment (inventory judgement) screens (issue 4). */
export { JudgementList, type JudgementListProps } from './JudgementList';
export { JudgementEditDialog, type JudgementEditDialogProps } from './JudgementEditDialog';
export { JudgementRejectDialog, rejectReasonError } from './JudgementRejectDialog';
export { JudgementViewDialog } from './JudgementViewDialog';
export { judgementMessages } from './messages';
export { judgementApi } from './judgementApi';
export { buildJudgementFilter, judgementFormValues } from './JudgementFilterBar';
export { lineSummary, lineTotals } from './lineTotals';
export { judgementFormSchema, toAddBody, toEditBody, toLineBody, formValuesOf, lineFromInventory, newSkuLine } from './formSchema';
export * from './constants';
