import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe's serious and critical findings on the page, or only on an open dialog. */
export async function seriousViolations(page: Page, dialogOnly = false): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  if (dialogOnly) axe.include('[role="dialog"], [role="alertdialog"]');
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The whole page, or only an open dialog (the page under it was scanned on its own). */
export async function expectNoSeriousViolations(page: Page, what: string, dialogOnly = false) {
  expect(await seriousViolations(page, dialogOnly), what).toEqual([]);
}
