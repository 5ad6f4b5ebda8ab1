import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page as it is (WCAG 2.1 A and AA rules) and fails on any serious or critical
 * violation, listing each with the elements it found, so the message says what to fix.
 *
 * Fast path (the app has no frames): axe runs in the page itself (`axe.run`, AxeBuilder's legacy
 * mode) instead of per frame and again in a blank page, and its ~0.5 MB source is injected once per
 * loaded page, not once per scan. Every rule still runs on every node; passes are not collected.
 */
export async function expectNoSeriousViolations(page: Page, where: string, exclude: string[] = []): Promise<void> {
  const oneFrame = page.frames().length === 1;
  const injected = oneFrame && (await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'));
  let builder = new AxeBuilder(injected ? { page, axeSource: ';' } : { page })
    .options({ runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    .setLegacyMode(oneFrame);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const described = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .slice(0, 6)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1, 3).join(' ').trim() ?? ''}`)
        .join('\n')}`,
  );
  expect(described, `axe on ${where}`).toEqual([]);
}
