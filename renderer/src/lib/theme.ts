import type { Settings } from '../../../shared';

const darkQuery = '(prefers-color-scheme: dark)';

/**
 * Sets `data-theme` on <html> to 'light' or 'dark'. With 'system' it follows the OS and keeps
 * following it; the returned function stops that.
 */
export function applyTheme(setting: Settings['theme'], root: HTMLElement = document.documentElement): () => void {
  root.dataset.themeSetting = setting;
  if (setting !== 'system') {
    root.dataset.theme = setting;
    return () => {};
  }
  const media = window.matchMedia(darkQuery);
  const update = () => {
    root.dataset.theme = media.matches ? 'dark' : 'light';
  };
  update();
  media.addEventListener('change', update);
  return () => media.removeEventListener('change', update);
}
