import { useEffect } from 'react';
import { useNavigationStore, views, type ViewId } from '../stores/navigation-store';

/** The page a hash names (`#/documents`), or null. */
export function viewFromHash(hash: string): ViewId | null {
  const name = /^#\/([a-z]+)$/.exec(hash)?.[1];
  return (views as readonly string[]).includes(name ?? '') ? (name as ViewId) : null;
}

/**
 * Each page has an address: `#/send`, `#/documents`, `#/evidence`, `#/activity`, `#/settings`. Going to
 * a page adds a history entry, so Back and Forward move between pages, and a reload (or the same address
 * opened again in this browser) opens the page it names. The session token never appears in it.
 */
export function useHashRoute(): void {
  useEffect(() => {
    const { go } = useNavigationStore.getState();
    const named = viewFromHash(window.location.hash);
    if (named) go(named);
    else window.history.replaceState(window.history.state, '', `#/${useNavigationStore.getState().view}`);
    const follow = () => {
      const view = viewFromHash(window.location.hash);
      if (view && view !== useNavigationStore.getState().view) go(view);
    };
    const stopStore = useNavigationStore.subscribe((state, previous) => {
      if (state.view !== previous.view && viewFromHash(window.location.hash) !== state.view)
        window.history.pushState(window.history.state, '', `#/${state.view}`);
    });
    window.addEventListener('hashchange', follow);
    window.addEventListener('popstate', follow);
    return () => {
      stopStore();
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('popstate', follow);
    };
  }, []);
}
