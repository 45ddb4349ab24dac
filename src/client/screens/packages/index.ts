/**
 * Packages of inbound and outbound orders (issue 5; spec 2.3 pack lists, 4 "create package"): the two pack
 * lists, the self-contained create / edit dialog, and the pieces the shipping screen reuses.
 */
export { PackageList, InboundPackList, OutboundPackList, type PackageListProps } from './PackageList';
export { PackageDialog, type PackageDialogProps } from './PackageDialog';
export { FieldInputs, type FieldInputsProps } from './FieldInputs';
export { PackageContents, contentLineText, dimensionsText } from './cells';
export { packageApi, type PackageBody } from './packageApi';
export { buildPackageFilter, packageFilterValues, type PackageFilterValues } from './filters';
export { checkFields, contentErrors, contentRows, packedByKey, toPackageBody, type ContentRow, type FieldCheck } from './formSchema';
export { packageMessages } from './messages';
export * from './constants';
