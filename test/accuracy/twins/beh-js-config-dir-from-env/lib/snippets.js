'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = process.env.SNIPPETS_DIR
  || path.join(process.env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'snippets');

function fileFor(name) {
  if (!/^[\w.-]+$/.test(name)) throw new Error(`invalid snippet name: ${name}`);
  return path.join(root, `${name}.txt`);
}

const [command, name, ...text] = process.argv.slice(2);
if (command === 'list') {
  const names = fs.existsSync(root) ? fs.readdirSync(root).filter((f) => f.endsWith('.txt')) : [];
  for (const f of names) console.log(f.slice(0, -4));
} else if (command === 'show') {
  process.stdout.write(fs.readFileSync(fileFor(name), 'utf8'));
} else if (command === 'save') {
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(fileFor(name), `${text.join(' ')}\n`);
  console.log(`saved ${name}`);
} else {
  console.error('usage: snippets.js list | show NAME | save NAME TEXT');
  process.exitCode = 2;
}
