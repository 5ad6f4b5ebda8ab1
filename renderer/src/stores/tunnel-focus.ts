import type { ViewId } from './navigation-store';

let wanted = false;

/** Opens Settings at the tunnel (the Activity page's "Set up in Settings"): the panel scrolls into view and takes focus. */
export function openTunnelSettings(go: (view: ViewId) => void): void {
  wanted = true;
  go('settings');
}

/** For the tunnel panel when it appears: whether it was asked for (asked once). */
export function takeTunnelFocus(): boolean {
  const asked = wanted;
  wanted = false;
  return asked;
}
