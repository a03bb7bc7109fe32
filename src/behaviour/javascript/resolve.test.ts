// Module resolution, aliases and op classification of the JavaScript/TypeScript extractor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callAt, jsFacts, opsOf } from './test-support.js';

test('child_process through require, node: prefix, destructuring, renaming, namespace and default imports', async () => {
  const f = await jsFacts([
    "const cp = require('node:child_process');",
    "const { exec, spawn: sp } = require('child_process');",
    "import { execSync as run } from 'child_process';",
    "import * as ns from 'node:child_process';",
    "import def from 'child_process';",
    "cp.exec('a'); exec('b'); sp('c', []); run('d'); ns.execFile('e', []); def.fork('f.js');",
    "import cp2 = require('child_process');",
  ].join('\n'));
  assert.deepEqual(opsOf(f, 'system'), ['child_process.exec@6', 'child_process.exec@6', 'child_process.execSync@6']);
  assert.deepEqual(opsOf(f, 'process'), ['child_process.spawn@6', 'child_process.execFile@6', 'child_process.fork@6']);
});

test('dynamic and folded module names, computed constant keys, .call/.apply/.bind and require aliases', async () => {
  const f = await jsFacts([
    "const m = await import('node:child_process');",
    'm.exec("1");',
    "(await import('node:child_process')).exec('2');",
    "require('child_' + 'process')['exec']('3');",
    "const cp = require(`child_process`); cp['ex' + 'ec']('4');",
    "cp.exec.call(null, '5'); cp.execSync.apply(null, ['6']); const b = cp.exec.bind(cp); b('7');",
    "process.mainModule.require('child_process').exec('8');",
    "module.constructor._load('child_process').exec('9');",
    "const run = cp.exec; run('10');",
  ].join('\n'));
  assert.deepEqual(opsOf(f, 'system').map((s) => s.split('@')[1]), ['2', '3', '4', '5', '6', '6', '6', '7', '8', '9']);
  const apply = f.calls.find((c) => c.callee === 'child_process.execSync');
  assert.equal(apply?.constantArgs, true, '.apply arguments are unpacked');
});

test('eval forms: aliases, indirect, global objects, string timers only', async () => {
  const f = await jsFacts([
    'const e = eval; e(x);',
    '(0, eval)(x);',
    "globalThis['eval'](x); global.eval(x); window.eval(x);",
    "setTimeout('tick()', 10); setInterval(code, 5); setTimeout(() => tick(), 10); setTimeout(fn, 1);",
    'const code = "a" + b;',
    'model.eval(x); const fn = () => 1;',
  ].join('\n'));
  assert.deepEqual(opsOf(f, 'eval'), ['eval@1', 'eval@2', 'eval@3', 'eval@3', 'eval@3', 'setTimeout@4']);
});

test('exec, compile and dynamic_import ops', async () => {
  const f = await jsFacts([
    "const vm = require('vm');",
    "Function('return 1')(); new Function('a', body);",
    'vm.runInNewContext(src); vm.runInThisContext(src); vm.runInContext(src, c);',
    'new vm.Script(src).runInThisContext();',
    'const s = new vm.Script(src); vm.compileFunction(body);',
    "require(name); import(spec); require('fs'); import('./x.js');",
  ].join('\n'));
  assert.deepEqual(opsOf(f, 'exec'), ['Function@2', 'Function@2', 'vm.runInNewContext@3', 'vm.runInThisContext@3', 'vm.runInContext@3', 'vm.Script.runInThisContext@4']);
  assert.deepEqual(opsOf(f, 'compile'), ['vm.Script@5', 'vm.compileFunction@5']);
  assert.deepEqual(opsOf(f, 'dynamic_import'), ['require@6', 'import@6']);
  assert.equal(callAt(f, 'exec', 2).constantArgs, true);
});

test('process vs system: shell option, sh -c, execa, zx, Bun and Deno', async () => {
  const f = await jsFacts([
    "const { spawn, execFile } = require('child_process');",
    "spawn('git', ['status']); spawn('ls', ['-la'], { shell: true }); spawn('sh', ['-c', cmd]);",
    "execFile('git', ['log'], { shell: false });",
    "import { execa, execaCommand } from 'execa'; execa('git', ['pull']); execaCommand('npm test');",
    "import { $ } from 'zx'; await $`ls ${dir}`;",
    "Bun.spawn(['ls']); new Deno.Command('ls', { args: ['-la'] });",
  ].join('\n'), 'typescript');
  assert.deepEqual(opsOf(f, 'process'), ['child_process.spawn@2', 'child_process.execFile@3', 'execa.execa@4', 'Bun.spawn@6', 'Deno.Command@6']);
  assert.deepEqual(opsOf(f, 'system'), ['child_process.spawn@2', 'child_process.spawn@2', 'execa.execaCommand@4', 'zx.$@5']);
  assert.ok(f.calls.filter((c) => c.op === 'system').every((c) => c.shell === true));
  assert.ok(f.calls.filter((c) => c.op === 'process').every((c) => c.shell === false));
  assert.equal(f.calls[0]?.constantArgs, true);
  assert.equal(callAt(f, 'system', 5).constantArgs, false);
});

test('network calls and their hosts', async () => {
  const f = await jsFacts([
    "import axios from 'axios'; import https from 'node:https'; import net from 'node:net';",
    "fetch('https://api.example.com/v1/x');",
    "axios.post(`https://hooks.example.org:8443/in/${id}`, data);",
    'fetch(`https://${host}/x`); fetch(base + "/x");',
    "const req = https.request({ hostname: 'upload.example.net', method: 'POST' }); req.write(body);",
    "const sock = net.connect(9000, '198.51.100.7'); sock.write(payload);",
    "new WebSocket('wss://ws.example.io/feed').send(msg); navigator.sendBeacon(new URL('https://b.example.com/p'), d);",
    "import nodeFetch from 'node-fetch'; nodeFetch('http://legacy.example.com');",
  ].join('\n'), 'typescript');
  const hosts = f.calls.filter((c) => c.op === 'network').map((c) => `${c.callee}@${c.line}:${c.host ?? '-'}`);
  assert.deepEqual(hosts, [
    'fetch@2:api.example.com', 'axios.post@3:hooks.example.org', 'fetch@4:-', 'fetch@4:-',
    'https.request@5:upload.example.net', 'https.request().write@5:upload.example.net',
    'net.connect@6:198.51.100.7', 'net.connect().write@6:198.51.100.7',
    'WebSocket().send@7:ws.example.io', 'WebSocket@7:ws.example.io', 'navigator.sendBeacon@7:b.example.com',
    'fetch@8:legacy.example.com',
  ]);
});

test('persistence writes are recorded only for start-up locations', async () => {
  const f = await jsFacts([
    "const fs = require('fs'); const os = require('os'); const path = require('path');",
    "fs.appendFileSync(path.join(os.homedir(), '.bashrc'), 'export X=1');",
    "fs.writeFileSync(`${os.homedir()}/.config/autostart/x.desktop`, data);",
    "fs.writeFileSync('out/report.txt', data); fs.promises.writeFile(path.join(dir, 'notes.md'), data);",
    "require('child_process').exec('(crontab -l; echo \"@reboot x\") | crontab -');",
    "require('child_process').exec('crontab -l');",
  ].join('\n'));
  assert.deepEqual(f.calls.filter((c) => c.op === 'persistence_write').map((c) => `${c.line}:${c.target}`), ['2:~/.bashrc', '3:~/.config/autostart/x.desktop', '5:crontab']);
  assert.equal(callAt(f, 'persistence_write', 2).constantArgs, true);
});

test('SQL sinks need a database-like receiver; deserialisers know their safe forms', async () => {
  const f = await jsFacts([
    'db.query(sql); pool.query(q, [v]); knex.raw(s); prisma.$queryRawUnsafe(s); client.query(t);',
    're.exec(s); map.get(k); cache.run(x); client.get(url);',
    "const stmt = db.prepare('SELECT 1 WHERE a = ?'); stmt.all(v); db.prepare(s).get(v);",
    "const yaml = require('js-yaml'); yaml.load(t); yaml.load(t, { schema: yaml.DEFAULT_FULL_SCHEMA });",
    "require('node-serialize').unserialize(s);",
  ].join('\n'));
  assert.deepEqual(opsOf(f, 'sql'), ['db.query@1', 'pool.query@1', 'knex.raw@1', 'prisma.$queryRawUnsafe@1', 'client.query@1', 'db.prepare@3', 'db.prepare@3']);
  assert.deepEqual(f.calls.filter((c) => c.op === 'deserialize').map((c) => `${c.callee}:${c.unsafe}`), ['js-yaml.load:false', 'js-yaml.load:true', 'node-serialize.unserialize:true']);
});

test('TypeScript and TSX syntax: annotations, as, !, satisfies, generics, JSX', async () => {
  const ts = await jsFacts([
    "import { exec } from 'node:child_process';",
    'const cmd: string = (process.argv[2] as string)!;',
    'function run<T extends string>(c: T): void { (exec as (s: string) => void)(c satisfies string); }',
    'run<string>(cmd);',
    'const cp = <typeof import("child_process")>require("child_process"); cp.execSync(cmd!);',
  ].join('\n'), 'typescript');
  assert.deepEqual(opsOf(ts, 'system'), ['child_process.exec@3', 'child_process.execSync@5']);
  const tsx = await jsFacts([
    "import { execSync } from 'child_process';",
    'export const App = ({ q }: { q: string }) => <div onClick={() => execSync(q as string)}>{eval(q)}</div>;',
  ].join('\n'), 'tsx');
  assert.deepEqual([...opsOf(tsx, 'system'), ...opsOf(tsx, 'eval')], ['child_process.execSync@2', 'eval@2']);
});
