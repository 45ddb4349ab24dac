/**
 * The adjustment list's filter bar (issue 4) on the documents kit: adjustment number (exact, trimmed),
 * warehouse, goods owner, status, created-date range; Search (Enter in the text box searches too) and Reset.
 * A search starts again at page 1 (spec 4); searching with an unchanged filter reloads.
 */
import { DateRangeFilter, DocumentFilterBar, EnumFilter, TextFilter, WarehouseOwnerFilters } from '../../kit/DocumentFilterBar';
import { filterCodec } from '../../kit/filterCodec';
import { JUDGEMENT_NAMES, JUDGEMENT_NO_MAX, JUDGEMENT_RESOURCE } from './constants';

/** The filter codec (spec 5 "text filters trim whitespace"; dates YYYY-MM-DD, the end read as the whole day). */
export const judgementFilter = filterCodec({ texts: ['judgementNo'], ids: ['warehouseId', 'ownerId', 'status'] });
export const buildJudgementFilter = judgementFilter.toFilter;
export const judgementFormValues = judgementFilter.toValues;

export const JudgementFilterBar = () => (
  <DocumentFilterBar names={JUDGEMENT_NAMES} resource={JUDGEMENT_RESOURCE} formId="judgement-filter-form" codec={judgementFilter}>
    <TextFilter source="judgementNo" label="app.judgement.filter.judgement_no" testId="judgement-filter-no" maxLength={JUDGEMENT_NO_MAX} />
    <WarehouseOwnerFilters names={JUDGEMENT_NAMES} />
    <EnumFilter source="status" enumName="JudgementStatus" label="app.judgement.filter.status" testId="judgement-filter-status" />
    <DateRangeFilter names={JUDGEMENT_NAMES} />
  </DocumentFilterBar>
);
