// Python extractor: sources (env, credential files, file reads, argv/stdin/input, network, decoders,
// computed imports) and their propagation through assignments, strings, containers and functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BehaviourFacts } from '../facts.js';
import { pyFacts } from './test-support.js';

const py = (...lines: string[]): string => `${lines.join('\n')}\n`;

/** `kind@line` (with `~` when it came through a variable) of the taints on the call fact at `line`. */
function taintsAt(facts: BehaviourFacts, line: number, op?: string): string[] {
  const call = facts.calls.find((c) => c.line === line && (op === undefined || c.op === op));
  assert.ok(call, `a call fact on line ${line}: ${JSON.stringify(facts.calls)}`);
  return call.taints.map((t) => `${t.kind}@${t.line}${t.viaVariable ? '~' : ''}`).sort();
}

test('env sources: secret names, dynamic names, the whole environment; not HOME/PATH/*_URL', async () => {
  const facts = await pyFacts(py(
    'import os, requests',
    'from os import environ',
    'requests.post(u, data=os.environ["API_KEY"])',
    'requests.post(u, data=os.environ.get("GITHUB_TOKEN"))',
    'requests.post(u, data=os.getenv("DB_PASSWORD"))',
    'requests.post(u, data=environ["OPENAI_API_KEY"])',
    'requests.post(u, data=os.environ[name])',
    'requests.post(u, json=dict(os.environ))',
    'requests.post(u, json=os.environ.copy())',
    'requests.post(u, data=os.environ["HOME"] + os.getenv("PATH") + os.environ.get("API_URL", ""))',
    'requests.post(u, data=os.environ.get("CLAUDE_TOOL_INPUT"))',
  ));
  assert.deepEqual(
    [3, 4, 5, 6, 7, 8, 9, 10, 11].map((l) => taintsAt(facts, l)),
    [['env@3'], ['env@4'], ['env@5'], ['env@6'], ['env@7'], ['env@8'], ['env@9'], [], ['conversation@11']],
  );
});

test('file sources: credential stores, conversation paths, ordinary reads, Path API', async () => {
  const facts = await pyFacts(py(
    'import os, json, requests, glob',
    'from pathlib import Path',
    'requests.post(u, data=open(os.path.expanduser("~/.ssh/id_rsa")).read())',
    'requests.post(u, data=(Path.home() / ".aws" / "credentials").read_text())',
    'requests.post(u, data=open("report.csv").read())',
    'requests.post(u, json=json.load(open("settings.json")))',
    'requests.post(u, data=Path(p).read_bytes())',
    'requests.post(u, data=open(payload["transcript_path"]).read())',
    'for f in glob.glob(os.path.expanduser("~/.config/google-chrome/*/Login Data")):',
    '    requests.post(u, files={"f": open(f, "rb")})',
    'requests.post(u, data=open(os.environ.get("CONFIG_PATH", "config.json")).read())',
  ));
  assert.deepEqual(
    [3, 4, 5, 6, 7, 8, 10, 11].map((l) => taintsAt(facts, l)),
    [['credential_file@3'], ['credential_file@4'], ['file_read@5'], ['file_read@6'], ['file_read@7'], ['conversation@8'],
      ['credential_file@10'], ['file_read@11']],
  );
});

test('user, network, decoded and dynamic-import sources', async () => {
  const facts = await pyFacts(py(
    'import sys, json, base64, codecs, binascii, zlib, requests, argparse, socket, urllib.request',
    'parser = argparse.ArgumentParser()',
    'args = parser.parse_args()',
    'eval(input())',
    'eval(sys.argv[1])',
    'eval(args.expr)',
    'eval(sys.stdin.read())',
    'eval(json.load(sys.stdin)["cmd"])',
    'eval(requests.get(u).json()["code"])',
    'eval(urllib.request.urlopen(u).read())',
    'eval(sock.recv(4096))',
    'eval(base64.b64decode(blob))',
    'eval(codecs.decode(blob, "rot13"))',
    'eval(bytes.fromhex(blob) + binascii.unhexlify(b2) + zlib.decompress(b3))',
    'eval(codecs.decode(blob, "utf-8"))',
    'eval(__import__(sys.argv[2]).payload)',
  ));
  assert.deepEqual(
    [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((l) => taintsAt(facts, l)),
    [
      ['user_input@4'], ['user_input@5'], ['user_input@3~'], ['user_input@7'], ['user_input@8'], ['network_input@9'],
      ['network_input@10'], ['network_input@11'], ['decoded@12'], ['decoded@13'], ['decoded@14'], [], ['dynamic_import@16'],
    ],
  );
});

test('propagation: assignments, augmented, tuples, f-strings, %, format, join, containers, methods, for, with, walrus', async () => {
  const facts = await pyFacts(py(
    'import os, sys',
    'a = sys.argv[1]',
    'b = f"run {a}"',
    'c = "x %s" % b',
    'd = "{}".format(c).strip().encode()',
    'e, g = d, 1',
    'h = " ".join([e, "y"])',
    'cfg = {"cmd": h}',
    'k = cfg["cmd"]',
    'k += "!"',
    'os.system(k)',
    'os.system(g)',
    'for item in sys.argv:',
    '    os.system(item)',
    'with open(sys.argv[2]) as fh:',
    '    os.system(fh.read())',
    'if (n := input()):',
    '    os.system(n)',
    'os.system(len(a))',
  ));
  assert.deepEqual(taintsAt(facts, 11), ['user_input@2~']);
  assert.deepEqual(taintsAt(facts, 12), [], 'g was bound to the constant, not the tainted half of the tuple');
  assert.deepEqual(taintsAt(facts, 14), ['user_input@13~']);
  assert.deepEqual(taintsAt(facts, 16), ['file_read@15~']);
  assert.deepEqual(taintsAt(facts, 18), ['user_input@17~']);
  assert.deepEqual(taintsAt(facts, 19), [], 'len() of tainted data carries no data');
});

test('inline sources are direct (viaVariable false); through a name they are not', async () => {
  const facts = await pyFacts(py('import os', 'x = input()', 'os.system(input() + x)'));
  const call = facts.calls[0];
  assert.ok(call);
  assert.deepEqual(call.taints.map((t) => [t.line, t.viaVariable, t.text]), [[3, false, 'input()'], [2, true, 'input()']].sort());
});

test('functions: a tainted return makes calls sources; a parameter reaching a sink takes the callers\' taints', async () => {
  const facts = await pyFacts(py(
    'import os, sys, requests',
    'def token():',
    '    return os.environ["API_TOKEN"]',
    'def clean(s):',
    '    return s.strip()',
    'def run(cmd, verbose=False):',
    '    os.system(cmd)',
    'class Job:',
    '    def __init__(self):',
    '        self.key = os.getenv("SECRET_KEY")',
    '    def go(self, url):',
    '        requests.post(url, data=self.key)',
    '    def start(self, c):',
    '        self.launch(c)',
    '    def launch(self, c):',
    '        os.system(c)',
    'requests.post(u, data=token())',
    'os.system(clean(sys.argv[1]))',
    'run(input())',
    'run("ls")',
    'Job().start(sys.argv[2])',
    'os.system(clean("constant"))',
  ));
  assert.deepEqual(taintsAt(facts, 17), ['env@3~']);
  assert.deepEqual(taintsAt(facts, 18), ['user_input@18~']);
  assert.deepEqual(taintsAt(facts, 7), ['user_input@19~']);
  assert.deepEqual(taintsAt(facts, 12), ['env@10~']);
  assert.deepEqual(taintsAt(facts, 22), []);
});

test('flow-insensitive scopes: function locals do not leak, globals and closures are read', async () => {
  const facts = await pyFacts(py(
    'import os',
    'x = "safe"',
    'def f():',
    '    x = input()',
    '    return x',
    'os.system(x)',
    'SECRET = os.environ["API_KEY"]',
    'def g():',
    '    os.system(SECRET)',
    'def outer():',
    '    v = input()',
    '    def inner():',
    '        os.system(v)',
    'def h():',
    '    global y',
    '    y = input()',
    'os.system(y)',
  ));
  assert.deepEqual(taintsAt(facts, 6), []);
  assert.deepEqual(taintsAt(facts, 9), ['env@7~']);
  assert.deepEqual(taintsAt(facts, 13), ['user_input@11~']);
  assert.deepEqual(taintsAt(facts, 17), ['user_input@16~']);
});

test('sinks read only their data arguments: env=, cwd= and SQL parameters carry no flow', async () => {
  const facts = await pyFacts(py(
    'import os, subprocess, sys',
    'subprocess.run(["make"], env={**os.environ, "CI": "1"}, cwd=sys.argv[1])',
    'cur.execute(f"SELECT * FROM t WHERE a = {table}", (sys.argv[1],))',
  ));
  assert.deepEqual(taintsAt(facts, 2), []);
  assert.deepEqual(taintsAt(facts, 3), []);
});

test('env reads named by a parameter are sources as the call sites name them; constant name loops likewise', async () => {
  const facts = await pyFacts(py(
    'import os, sys, requests',
    'def env(name, default=""):',
    '    return os.environ.get(name, default)',
    'def must(name):',
    '    return os.environ[name]',
    'requests.post(u, data=env("API_KEY"))',
    'requests.post(u, data=env("ES_URL"))',
    'requests.post(u, data=env(sys.argv[1]))',
    'key = must("OPENAI_API_KEY")',
    'requests.post(u, data=key)',
    'for k in ("A_TOKEN", "B_URL"):',
    '    requests.post(u, data=os.environ.get(k))',
    'for j in ("HOME", "B_URL"):',
    '    requests.post(u, data=os.environ.get(j))',
    'NAMES = ["ES_URL", "ES_INDEX"]',
    'vals = {n: os.getenv(n) for n in NAMES}',
    'requests.post(u, json=vals)',
    'def send(name):',
    '    requests.post(u, data=os.environ.get(name))',
    'send("DB_PASSWORD")',
    'send("LOG_DIR")',
    'def lonely(name):',
    '    requests.post(u, data=os.environ.get(name))',
    'def outer(name):',
    '    return env(name)',
    'requests.post(u, data=outer("GH_TOKEN"))',
    'requests.post(u, data=outer("GH_HOST"))',
  ));
  assert.deepEqual(
    [6, 7, 8, 10, 12, 14, 17, 19, 23, 26, 27].map((l) => taintsAt(facts, l)),
    [['env@6~'], [], ['env@8~'], ['env@9~'], ['env@12'], [], [], ['env@20~'], ['env@23'], ['env@26~'], []],
  );
});

test('a parameter-named env read whose callers only pass non-secret names is quiet at the sink', async () => {
  const facts = await pyFacts(py(
    'import os, subprocess',
    'def setting(name):',
    '    value = os.environ.get(name, "")',
    '    os.system("echo " + value)',
    'setting("LOG_LEVEL")',
    'setting(os.environ["WHICH"])',
  ));
  assert.deepEqual(taintsAt(facts, 4), ['env@6~']);
  const quiet = await pyFacts(py('import os', 'def setting(name):', '    os.system(os.environ.get(name, ""))', 'setting("LOG_LEVEL")'));
  assert.deepEqual(taintsAt(quiet, 3), []);
});
