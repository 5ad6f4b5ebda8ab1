import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Page } from '@playwright/test';
import { screenshotPath } from './fixtures';

/** The two window sizes every screen is checked at: the smallest supported laptop, and a common one. */
export const sizes = [
  { width: 1024, height: 640 },
  { width: 1280, height: 800 },
] as const;

export interface Variant {
  language: 'en' | 'es';
  theme: 'light' | 'dark';
}

/** docs/screenshots/clerk/<name>-<lang>-<theme>-<w>x<h>.png */
export function variantPath(name: string, variant: Variant, size: { width: number; height: number }): string {
  const path = screenshotPath(`clerk/${name}-${variant.language}-${variant.theme}-${size.width}x${size.height}.png`);
  mkdirSync(dirname(path), { recursive: true });
  return path;
}

/** A picture of the page at each size (the viewport is left at the last one). */
export async function shoot(page: Page, name: string, variant: Variant, before?: () => Promise<void>): Promise<void> {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.mouse.move(0, 0);
    if (before) await before();
    // No focus ring or hover in the picture; wait for layout to settle on the new size.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: variantPath(name, variant, size) });
  }
}

/** Waits until nothing moves (every finite animation, such as a progress bar's transition, finished), then two frames. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await Promise.all(
      document
        .getAnimations()
        .map((animation) => (animation.effect?.getTiming().iterations === Infinity ? null : animation.finished.catch(() => null))),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
