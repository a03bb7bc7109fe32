import { test } from 'node:test';
import { assertBundleLinearTime } from '../tool-poisoning/test-support.js';
import { leastPrivilegeRules } from './index.js';

for (const rule of leastPrivilegeRules) {
  test(`${rule.meta.id} runs in linear time on adversarial bundles`, () => assertBundleLinearTime(rule));
}

test('outside-write detection stays linear on 1 MB runs of writes and home paths', async () => {
  const { detectOutsideWrite } = await import('./capabilities.js');
  const { LINEAR_TIME_BUDGET_MS } = await import('../../../test/helpers/adversarial.js');
  for (const unit of ['open(~/', 'open(x, ', 'cp ~', '>> $HOME/', 'fs.writeFile(', 'expanduser(']) {
    for (const type of ['python', 'shell', 'javascript'] as const) {
      const text = unit.repeat(Math.ceil(1_000_000 / unit.length)).slice(0, 1_000_000);
      const t = performance.now();
      detectOutsideWrite({ path: 'x', type, text, executable: true, hidden: false, localOnly: false, isManifest: false });
      const ms = performance.now() - t;
      if (ms >= LINEAR_TIME_BUDGET_MS) throw new Error(`${ms.toFixed(0)} ms on ${unit} (${type})`);
    }
  }
});
