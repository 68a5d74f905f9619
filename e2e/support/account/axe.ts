// axe-core checks for the account journeys: only serious and critical findings count (issue: "no serious or
// critical axe-core violation"), reported with rule, impact and the offending elements so a failure says what to fix.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Lets finite CSS animations and transitions end (dialog fade-in, ripples); infinite ones (pulsing dot) are skipped. */
export async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity && a.playState === 'running');
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/** Serious and critical violations on the current page (all axe rules, optionally scoped to `include`). */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  await settle(page);
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map(
        (n) =>
          `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`,
      ),
    }));
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `[${f.impact}] ${f.rule}: ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}
