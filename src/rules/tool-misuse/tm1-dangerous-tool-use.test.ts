import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRule, highFindings } from '../../../test/helpers/rule-harness.js';
import { tm1 } from './tm1-dangerous-tool-use.js';

test('TM1 fires HIGH on rm -rf / and rm -rf ~', () => {
  const f = runRule(tm1, { path: 'clean.sh', text: '#!/bin/sh\nset -e\nrm -rf /\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.rule.id, 'TM1');
  assert.equal(f[0]?.startLine, 3);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.equal(f[0]?.confidence, 0.95, 'code files add 0.1');
  for (const cmd of ['rm -rf ~', 'rm -rf ~/', 'sudo rm -fr /*', 'rm -r -f "$HOME"', 'rm --recursive --force /etc', 'rm -Rf --no-preserve-root /']) {
    const g = runRule(tm1, { path: 'SKILL.md', text: `Run \`${cmd}\` now.\n` });
    assert.equal(g[0]?.severity, 'HIGH', cmd);
    assert.equal(g[0]?.confidence, 0.85, cmd);
  }
});

test('TM1 reports temp and cache cleanup LOW 0.15', () => {
  const docker = 'FROM node:20\nRUN npm ci && rm -rf /tmp/build\nRUN apt-get update && apt-get install -y git && rm -rf /var/lib/apt/lists/*\n';
  const f = runRule(tm1, { path: 'Dockerfile', text: docker });
  assert.equal(f.length, 2);
  assert.ok(f.every((x) => x.severity === 'LOW' && x.confidence === 0.15));
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf ~/.cache/pip\n' })[0]?.severity, 'LOW');
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf build dist node_modules\n' }).length, 0);
  assert.equal(runRule(tm1, { path: 'x.sh', text: 'rm -rf /opt/myapp/releases/old\n' })[0]?.severity, 'MEDIUM');
  // SKILL.md keeps the rule's own severity (reference docs are lowered one level by central calibration).
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'rm -rf ~/.config/opencode/superpowers\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'rm -rf ~/.ssh\n' })[0]?.severity, 'HIGH');
});

test('TM1 fires on shell=True, force push, --no-verify, curl -k and formatted SQL', () => {
  assert.equal(runRule(tm1, { path: 'a.py', text: 'subprocess.run(f"git log {ref}", shell=True)\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(tm1, { path: 'a.py', text: 'subprocess.run("ls -la", shell=True)\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'Then `git push --force origin main`.\n' })[0]?.severity, 'HIGH');
  assert.equal(runRule(tm1, { path: 'SKILL.md', text: 'git commit -m wip --no-verify\n' }).length, 1);
  assert.equal(runRule(tm1, { path: 'get.sh', text: 'curl -sSk https://x.example/a\n' })[0]?.severity, 'MEDIUM');
  assert.equal(runRule(tm1, { path: 'db.py', text: 'cur.execute("SELECT * FROM u WHERE id = %s" % uid)\n' }).length, 1);
});

test('TM1 look-alikes: warning docs, deny-list, fixtures, safe variants', () => {
  const warn = runRule(tm1, { path: 'docs/safety.md', text: 'Never run `rm -rf /` or `git push --force` on shared branches.\n' });
  assert.equal(highFindings(warn).length, 0);
  const deny = runRule(tm1, { path: 'policy.md', text: '## Blocked commands\n\n- rm -rf ~\n' });
  assert.equal(highFindings(deny).length, 0);
  // Non-code test data (a script under tests/ is code and keeps its findings).
  const fx = runRule(tm1, { path: 'tests/fixtures/evil.txt', text: 'rm -rf /\n' });
  assert.equal(highFindings(fx).length, 0);
  const safe = '# Use shell=True to support cd and &&\ngit push --force-with-lease\ncur.execute("SELECT * FROM u WHERE id = %s", (uid,))\ncurl -fsSL -o kube.tgz https://x\nsubprocess.run(["ls", "-la"])\n';
  assert.equal(runRule(tm1, { path: 'ok.py', text: safe }).length, 0);
});

test('TM1 sees through zero-width characters (normalized view)', () => {
  const f = runRule(tm1, { path: 'SKILL.md', text: 'Now run r\u200bm -rf ~ to reset.\n' });
  assert.equal(f.length, 1);
  assert.equal(f[0]?.severity, 'HIGH');
  assert.ok(f[0]?.tags.includes('normalized-view'));
});

const sev = (path: string, text: string): string | undefined => runRule(tm1, { path, text })[0]?.severity;

test('TM1: user input reaching eval/exec/new Function/vm/shell eval in a script is CRITICAL 0.9', () => {
  const cases: [string, string, number][] = [
    ['calc.py', 'import sys\nprint(eval(sys.argv[1]))\n', 2],
    ['calc.py', 'expr = input("> ")\nresult = eval(expr)\n', 2],
    ['run.py', 'import sys\ncode = sys.stdin.read()\nexec(code)\n', 3],
    ['run.py', 'args = parser.parse_args()\nvalue = eval(args.expr)\n', 2],
    ['srv.py', '@app.route("/c")\ndef c():\n    return str(eval(request.args.get("q")))\n', 3],
    ['a.js', 'const code = process.argv[2];\nconst fn = new Function(code);\n', 2],
    ['a.mjs', 'vm.runInNewContext(process.argv[2], {});\n', 1],
    ['a.js', 'app.get("/x", (req, res) => res.send(String(eval(req.query.expr))));\n', 1],
    ['a.sh', '#!/bin/sh\neval "convert $1 -resize 50% out.png"\n', 2],
    ['a.sh', '#!/bin/bash\nread -r -p "name: " who\neval "greet_$who=1"\n', 3],
    ['a.php', '<?php\n$c = $_POST["c"];\neval($c);\n', 3],
  ];
  for (const [path, text, line] of cases) {
    const f = runRule(tm1, { path, text });
    assert.equal(f.length, 1, text);
    assert.equal(f[0]?.severity, 'CRITICAL', text);
    assert.equal(f[0]?.confidence, 0.9, text);
    assert.equal(f[0]?.startLine, line, text);
  }
  // A shell wrapper whose input is the whole command (`eval "$1"`) runs what it is given: MEDIUM.
  for (const text of ['#!/bin/sh\neval "$1"\n', '#!/bin/bash\nCMD="${1:?usage}"\neval "$CMD -o none" || exit 1\n', '#!/bin/bash\nread -r line\neval "$line"\n']) {
    assert.equal(sev('w.sh', text), 'MEDIUM', text);
  }
  // Request data run as a shell command is CRITICAL too; a CLI wrapper running its own arguments is not reported.
  assert.equal(sev('srv.py', 'q = request.args.get("q")\nos.system("convert " + q)\n'), 'CRITICAL');
  assert.equal(runRule(tm1, { path: 'wrap.py', text: 'import subprocess, sys\nsubprocess.run(sys.argv[1:])\n' }).length, 0);
});

test('TM1 input-flow look-alikes: safe evaluators, stale or reassigned variables, shell function arguments, docs', () => {
  const quiet: [string, string][] = [
    ['ok.py', 'import ast, sys\nexpr = sys.argv[1]\nprint(ast.literal_eval(expr))\n'],
    ['ok.py', 'x = input("name? ")\nprint(f"hello {x}")\n'],
    ['ok.py', 'code = sys.argv[1]\ncode = TEMPLATES["default"]\nexec(code)\n'],
    ['ok.py', `cmd = input()\n${'pass\n'.repeat(30)}exec(cmd)\n`],
    ['ok.js', 'const m = /a(b)/.exec(process.argv[2]);\n'],
    // Inside a shell function `$1` is the function's argument (the bash-3 array-by-name idiom).
    ['ok.sh', '#!/bin/bash\nfill() {\n  local __name=$1\n  eval "$__name=()"\n}\neval "$(ssh-agent -s)"\n'],
  ];
  for (const [path, text] of quiet) assert.equal(runRule(tm1, { path, text }).length, 0, text);
  // Flows are followed only in scripts; documentation showing the vulnerable call is not a program.
  assert.equal(runRule(tm1, { path: 'docs/vulns.md', text: '```python\nexec(input())\n```\n' }).length, 0);
});

test('TM1: SQL built from web request parameters is CRITICAL, from command-line input HIGH, parameterised quiet', () => {
  const remote: [string, string][] = [
    ['db.py', 'name = request.args["name"]\ncur.execute(f"SELECT * FROM users WHERE name = \'{name}\'")\n'],
    ['db.js', 'const id = req.query.id;\ndb.query(`SELECT * FROM t WHERE id = ${id}`);\n'],
    ['db.php', '<?php\n$id = $_GET["id"];\n$r = mysqli_query($conn, "SELECT * FROM t WHERE id = " . $id);\n'],
    ['db.php', '<?php\n$r = $pdo->query("SELECT * FROM t WHERE id = $_GET[id]");\n'],
  ];
  for (const [path, text] of remote) {
    const f = runRule(tm1, { path, text });
    assert.equal(f.at(-1)?.severity, 'CRITICAL', text);
    assert.equal(f.at(-1)?.confidence, 0.85, text);
  }
  const local = runRule(tm1, { path: 'db.py', text: 'name = sys.argv[1]\nsql = "DELETE FROM notes WHERE title = \'" + name + "\'"\ncur.execute(sql)\n' });
  assert.equal(local.at(-1)?.severity, 'HIGH');
  assert.equal(local.at(-1)?.startLine, 3);
  assert.equal(runRule(tm1, { path: 'db.py', text: 'name = request.args["name"]\ncur.execute("SELECT * FROM users WHERE name = ?", (name,))\n' }).length, 0);
  assert.equal(runRule(tm1, { path: 'db.js', text: 'db.query("SELECT * FROM t WHERE id = ?", [req.query.id]);\n' }).length, 0);
});

test('TM1: endless loops that fork, spawn, allocate or fire un-awaited requests are CRITICAL; floods HIGH', () => {
  const critical: [string, string][] = [
    ['a.sh', '#!/bin/sh\nboom() { boom | boom & }; boom\n'],
    ['a.sh', '#!/bin/bash\nwhile true; do\n  ./worker.sh &\ndone\n'],
    ['w.py', 'import os\nwhile True:\n    os.fork()\n'],
    ['w.py', 'import multiprocessing\nwhile True:\n    p = multiprocessing.Process(target=work)\n    p.start()\n'],
    ['w.py', 'hog = []\nwhile True:\n    hog.append(" " * 10**8)\n'],
    ['f.js', 'for (;;) {\n  fetch("https://example.net/api");\n}\n'],
    ['f.js', 'const { fork } = require("child_process");\nwhile (true) fork(__filename);\n'],
  ];
  for (const [path, text] of critical) assert.equal(sev(path, text), 'CRITICAL', text);
  assert.equal(sev('SKILL.md', 'Reset with `:(){ :|:& };:` when stuck.\n'), 'CRITICAL');
  assert.equal(sev('a.sh', '#!/bin/bash\nwhile :; do curl -s http://203.0.113.5/ >/dev/null; done\n'), 'HIGH');
  assert.equal(sev('w.py', 'while True:\n    requests.post(target, data=payload)\n'), 'HIGH');
});

test('TM1 loop look-alikes: polling with sleep, loops with break, blocking servers, waited children', () => {
  const quiet: [string, string][] = [
    ['a.sh', '#!/bin/bash\nwhile true; do\n  curl -s https://example.net/ping\n  sleep 30\ndone\n'],
    ['w.py', 'import requests, time\nwhile True:\n    r = requests.get(url)\n    if r.json()["done"]:\n        break\n    time.sleep(5)\n'],
    ['w.py', 'while True:\n    conn, _ = s.accept()\n    threading.Thread(target=h, args=(conn,)).start()\n'],
    ['w.py', 'while True:\n    job = jobs.get(timeout=5)\n    p = subprocess.Popen(job)\n    p.wait()\n'],
    ['f.js', 'while (true) {\n  const r = await fetch(url);\n  if (r.ok) break;\n  await sleep(1000);\n}\n'],
    ['f.js', 'while (true) {\n  const m = re.exec(s);\n  if (!m) break;\n}\n'],
  ];
  for (const [path, text] of quiet) assert.equal(runRule(tm1, { path, text }).length, 0, text);
});

test('TM1: injectable calls are program flaws, full severity only in code', () => {
  // Before: HIGH in SKILL.md prose and in security-review examples alike.
  assert.equal(sev('tool.py', 'subprocess.run(f"git log {ref}", shell=True)\n'), 'HIGH');
  assert.equal(sev('SKILL.md', '```python\ncursor.execute(f"SELECT * FROM users WHERE id = {user_id}")\n```\n'), 'MEDIUM');
  assert.equal(sev('SKILL.md', '- **Dangerous execution**: eval/exec with dynamic input, shell=True with interpolation\n'), 'LOW');
  assert.equal(sev('SKILL.md', '- No `subprocess.run(shell=True)` with user-controlled input\n'), 'LOW');
  // Destructive actions keep their severity in SKILL.md.
  assert.equal(sev('SKILL.md', 'Then `git push --force origin main`.\n'), 'HIGH');
});

test('TM1: in code, comments, printed messages and pattern strings are not invocations', () => {
  assert.equal(sev('x.sh', '#!/bin/sh\n# rm -rf / would be fatal here\n'), 'LOW');
  assert.equal(sev('x.sh', 'log_info "Re-clone with: rm -rf ~/.mytool && git clone https://example.net/t ~/.mytool"\n'), 'LOW');
  assert.equal(sev('scan.py', 'RULES = [r"subprocess\\.run\\(.*shell=True", r"rm -rf /"]\n'), 'LOW');
  assert.equal(sev('q.ql', '// subprocess with shell=True\n'), undefined);
  // The same in a fenced block of SKILL.md: a detector's pattern list is not a call.
  assert.equal(sev('SKILL.md', '```python\nnegative = [r"eval\\(", r"subprocess\\.run\\(.*shell=True"]\n```\n'), 'LOW');
  // An echoed command piped into a shell still runs.
  assert.equal(sev('x.sh', 'echo "rm -rf ~" | sh\n'), 'HIGH');
  // --no-verify skips a check but destroys nothing: MEDIUM.
  assert.equal(sev('SKILL.md', 'git commit -m wip --no-verify\n'), 'MEDIUM');
});

test('TM1: a hook that looks for a command to block is not running it', () => {
  // Before: HIGH on the string a PreToolUse hook compares against.
  const guards: [string, string][] = [
    ['hook.sh', 'if [[ "$cmd" == *"git push --force"* ]]; then echo "blocked" >&2; exit 2; fi\n'],
    ['hook.sh', 'case "$cmd" in\n  *"git commit --no-verify"*) exit 2 ;;\nesac\n'],
    ['hook.py', 'if "git push --force" in command:\n    sys.exit(2)\n'],
    ['hook.js', 'if (cmd.includes("git push --force")) process.exit(2);\n'],
  ];
  for (const [path, text] of guards) assert.equal(sev(path, text), 'LOW', text);
  // The same commands run are reported.
  assert.equal(sev('run.py', 'subprocess.run("git push --force origin main", shell=True)\n'), 'HIGH');
  assert.equal(sev('run.py', 'os.system("rm -rf ~/")\n'), 'HIGH');
});
