/**
 * Filter inputs of the inventory screens (spec 2.6, 2.10); owner and warehouse selects are the shared
 * widgets/EnabledRefInput.tsx ones.
 * - `CategoriesSelect`: several SKU categories (the `categoryIds` array of the inventory query).
 */
import { AutocompleteArrayInput, ReferenceArrayInput } from 'react-admin';

const byName = (searchText: string) => (searchText ? { name: searchText.trim() } : {});

export const CategoriesSelect = ({ source = 'categoryIds', label = 'app.inventory.filter.categories', fullWidth }: { source?: string; label?: string; fullWidth?: boolean }) => (
  <ReferenceArrayInput source={source} reference="skuCategory" perPage={100} sort={{ field: 'name', order: 'ASC' }}>
    <AutocompleteArrayInput label={label} optionText="name" filterToQuery={byName} helperText={false} fullWidth={fullWidth} />
  </ReferenceArrayInput>
);
