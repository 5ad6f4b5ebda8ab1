import { useEffect } from 'react';

/** Keeps the window title in step with what is shown (and the language). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
