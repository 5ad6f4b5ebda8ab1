import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const shownAtFirst = 10;

/** The documents an action will act on, by title: the first ten, then the rest behind "Show all N". */
export function DocumentList({ documents }: { documents: { documentId: string; title: string }[] }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  if (documents.length === 0) return null;
  const shown = all ? documents : documents.slice(0, shownAtFirst);
  return (
    <div className="action-documents" data-testid="action-documents">
      <p>{t('actions.cancel.listHeading', { count: documents.length })}</p>
      <ul>
        {shown.map((document) => (
          <li key={document.documentId} data-testid="action-document">
            {document.title}
          </li>
        ))}
      </ul>
      {!all && documents.length > shownAtFirst ? (
        <button type="button" className="action-documents-all" onClick={() => setAll(true)} data-testid="action-documents-all">
          {t('actions.cancel.showAll', { count: documents.length })}
        </button>
      ) : null}
    </div>
  );
}
