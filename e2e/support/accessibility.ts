import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Issue 16: axe-core on the screen as it is now (WCAG 2.0/2.1 A and AA rules): no serious or critical
 * violation. Call it where a journey takes a screenshot; the failure lists each rule, its impact and
 * the first elements it found, so the fix can start from the message.
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { soft = false }: { soft?: boolean } = {},
): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 8)
          .map((node) => `${node.target.join(' ')}${contrastOf(node.any[0]?.data)}`)
          .join(' | ')}`,
    );
  // Soft: a walk over many screens goes on and lists every screen's violations at the end.
  (soft ? expect.soft : expect)(serious, `axe on ${screen}`).toEqual([]);
}

/** For a contrast finding: the two colours and their ratio, so that the fix knows which shade to pick. */
function contrastOf(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('contrastRatio' in data)) return '';
  const { fgColor, bgColor, contrastRatio } = data as {
    fgColor: string;
    bgColor: string;
    contrastRatio: number;
  };
  return ` (${fgColor} on ${bgColor}: ${contrastRatio})`;
}
