import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
import { useDocumentsStore } from '../../../stores/documents-store';

/** The search box: searches as you type (after a pause); Escape or the clear button empties it. */
export function SearchBox() {
  const { t } = useTranslation();
  const value = useDocumentsStore((store) => store.filter.search);
  const setFilter = useDocumentsStore((store) => store.setFilter);
  return (
    <SearchField
      label={t('documents.filters.searchLabel')}
      placeholder={t('documents.filters.searchPlaceholder')}
      clearLabel={t('documents.filters.clearSearch')}
      value={value}
      onChange={(search) => setFilter({ search })}
      testId="documents-search"
    />
  );
}
