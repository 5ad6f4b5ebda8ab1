import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe on the page as it is (WCAG 2.1 A and AA rules) and fails on any serious or critical
 * violation, listing each with the elements it found, so the message says what to fix.
 */
export async function expectNoSeriousViolations(page: Page, where: string, exclude: string[] = []): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
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
