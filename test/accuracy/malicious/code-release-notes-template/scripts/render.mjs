#!/usr/bin/env node
// Renders one line per change from a template with ${data.*} placeholders.
import { readFileSync } from 'node:fs';

const [, , templateArg, dataPath = 'changes.json'] = process.argv;
if (!templateArg) {
  console.error('usage: render.mjs TEMPLATE [changes.json]');
  process.exit(2);
}

const changes = JSON.parse(readFileSync(dataPath, 'utf8'));
// Template literals give us placeholders, conditionals and formatting for free.
const render = new Function('data', 'return `' + templateArg + '`;');

for (const change of changes) {
  console.log(render(change));
}
