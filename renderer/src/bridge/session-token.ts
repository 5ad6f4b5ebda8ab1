const STORAGE_KEY = 'signdock.sessionToken';
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,512}$/;

/**
 * The web host's session token. On first load it arrives as `#token=<hex>`: it is kept in
 * sessionStorage (reloads keep working) and removed from the address bar. Null when there is none.
 */
export function takeSessionToken(): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  if (fromHash !== null) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    if (TOKEN_PATTERN.test(fromHash)) {
      store(fromHash);
      return fromHash;
    }
  }
  const stored = read();
  return stored !== null && TOKEN_PATTERN.test(stored) ? stored : null;
}

function store(token: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, token);
  } catch {
    // Storage disabled: this page works until it is reloaded.
  }
}

function read(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** On the "no token" page: pasting the link into the same tab only changes the hash, so start over. */
export function reloadWhenTokenArrives(): void {
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(window.location.hash.replace(/^#/, '')).has('token')) window.location.reload();
  });
}
