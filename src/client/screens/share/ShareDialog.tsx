/**
 * The create / edit dialog of an inventory share (manifest `inventoryShare.screen.form.widget: shareDialog`;
 * issue 16): the kit's DocumentFormDialog with the manifest's rules and inputs (title, owner, warehouse,
 * selection, expiry, enabled: FieldInput), plus what the generic form has no input for: the chosen SKUs (a
 * searchable multi-select of the owner's SKUs, shown for "Chosen SKUs"), the category (shown for "One
 * category") and the visible columns (check boxes of enums.ShareColumn). After an add the server's answer
 * carries the new link's token once: the dialog then shows ShareLinkDialog, and the list reloads when it closes.
 */
import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { AutocompleteArrayInput, CheckboxGroupInput, ReferenceArrayInput, useDataProvider, useLocaleState, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { enumValues, ShareSelection } from '../../../../generated/shared/enums';
import type { Lang } from '../../../shared/validation';
import { callOf } from '../../kit/documentApi';
import { DocumentFormDialog } from '../../kit/DocumentFormDialog';
import { FormGrid, type FormMode } from '../../kit/EditableLines';
import { FieldInput } from '../../kit/screen/ScreenFormDialog';
import { screenAddBody, screenEditBody, screenFormSchema, screenFormValues } from '../../kit/screen/screenForm';
import type { Screen } from '../../kit/screen/spec';
import { QUIET_READ } from '../../providers/loading';
import { ShareLinkDialog } from './ShareLinkDialog';

const label = (f: string) => `resources.inventoryShare.fields.${f}`;

const ShareFields = ({ screen, mode }: { screen: Screen; mode: FormMode }) => {
  const translate = useTranslate();
  const selection = Number(useWatch({ name: 'selection' }));
  const ownerId = useWatch({ name: 'ownerId' });
  const input = (field: string) => <FieldInput key={field} screen={screen} item={{ field }} mode={mode} fixed={mode === 'edit'} />;
  return (
    <FormGrid>
      {['title', 'ownerId', 'warehouseId', 'selection'].map(input)}
      {selection === ShareSelection.SKUS && (
        <Box data-testid="share-form-skus" sx={{ gridColumn: '1 / -1' }}>
          <ReferenceArrayInput source="skuIds" reference="sku" filter={ownerId ? { ownerId } : { ownerId: -1 }} perPage={50} sort={{ field: 'sku', order: 'ASC' }} queryOptions={QUIET_READ}>
            <AutocompleteArrayInput label={label('skuIds')} optionText="sku" filterToQuery={(q: string) => (q.trim() ? { sku: q.trim() } : {})} fullWidth isRequired disabled={!ownerId} />
          </ReferenceArrayInput>
        </Box>
      )}
      {selection === ShareSelection.CATEGORY && input('categoryId')}
      <Box data-testid="share-form-columns" sx={{ gridColumn: '1 / -1' }}>
        <CheckboxGroupInput
          source="shownColumns"
          label={label('shownColumns')}
          choices={enumValues.ShareColumn.map((e) => ({ id: e.key, name: translate(`enums.ShareColumn.${e.key}`) }))}
        />
      </Box>
      {['expireDate', 'enable'].map(input)}
    </FormGrid>
  );
};

export const ShareDialog = ({ screen, id, onClose, onSaved }: { screen: Screen; id?: Identifier; record?: RaRecord; onClose: () => void; onSaved: () => void }) => {
  const dataProvider = useDataProvider();
  const [locale] = useLocaleState();
  const lang: Lang = locale === 'zh' ? 'zh' : 'en';
  const mode: FormMode = id === undefined || id === null ? 'add' : 'edit';
  const issued = useRef<{ title: string; token: string } | null>(null);
  const [link, setLink] = useState<{ title: string; token: string } | null>(null);
  const path = (op: string) => `${screen.meta.path}/${op}`;
  if (link) return <ShareLinkDialog title={link.title} token={link.token} onClose={onSaved} />;
  return (
    <DocumentFormDialog<Record<string, unknown>>
      names={screen.names}
      resource={screen.resource}
      id={id}
      numberField={screen.spec.number}
      valuesOf={(record) => {
        // the SKU list is a list even while hidden (the refs rule refuses null)
        const v: Record<string, unknown> = { ...screenFormValues(screen, record), skuIds: (record?.skuIds as number[] | undefined) ?? [] };
        // a new share: all the owner's SKUs, the available quantity (the server's defaults too)
        return record ? v : { ...v, selection: v.selection ?? ShareSelection.ALL, shownColumns: ['AVAILABLE'] };
      }}
      schema={(t) => screenFormSchema(screen, mode, lang, t)}
      save={async (m, v) => {
        const saved = await callOf(dataProvider)<{ title?: string; token?: string }>(path(m), m === 'add' ? screenAddBody(screen, v) : screenEditBody(screen, id as Identifier, v));
        if (saved?.token) issued.current = { title: saved.title ?? '', token: saved.token };
        return saved;
      }}
      onClose={onClose}
      onSaved={() => (issued.current ? setLink(issued.current) : onSaved())}
    >
      {(m) => <ShareFields screen={screen} mode={m} />}
    </DocumentFormDialog>
  );
};
