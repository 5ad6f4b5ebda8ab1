import Store from 'electron-store';
import type { BrowserWindow, Rectangle } from 'electron';

interface WindowState {
  bounds?: Rectangle;
  maximized?: boolean;
}

/** Remembers the window's size, position and maximised state between runs (electron-store). */
export class WindowStateKeeper {
  private readonly store = new Store<WindowState>({ name: 'window-state' });

  get bounds(): Partial<Rectangle> {
    return this.store.get('bounds') ?? { width: 1280, height: 820 };
  }

  get maximized(): boolean {
    return this.store.get('maximized') ?? false;
  }

  track(window: BrowserWindow): void {
    const save = () => {
      if (window.isDestroyed()) return;
      this.store.set('maximized', window.isMaximized());
      if (!window.isMaximized() && !window.isMinimized()) this.store.set('bounds', window.getBounds());
    };
    window.on('resize', save);
    window.on('move', save);
    window.on('close', save);
  }
}
