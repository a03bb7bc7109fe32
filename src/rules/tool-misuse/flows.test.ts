import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayHoldSource, type Lang } from './flows.js';

// Every input source the flow analysis knows, one line per pattern alternative: the keyword gate in front
// of the source patterns must admit each, in the case real code writes it.
const SOURCES: Record<Lang, string[]> = {
  python: [
    'x = input("n")', 'x = raw_input()', 'a = sys.argv[1]', 'd = sys.stdin.read()', 'for l in fileinput.input():',
    'args = parser.parse_args()', '@click.argument("p")', 'n = click.prompt("n")', 'p: str = typer.Argument(...)',
    'v = typer.prompt("v")', 'q = request.args["q"]', 'q = request.GET["q"]', 'b = request.get_json()', 'p = self.path',
    'd = self.rfile.read(n)', 'd = sock.recv(1024)', 'd = s.recvfrom(9)', 'q = parse_qs(u.query)',
  ],
  js: [
    'const a = process.argv[2]', 'process.stdin.on("data", f)', 'const a = Deno.args[0]', 'const a = Bun.argv[2]',
    'const n = readlineSync.question("n")', 'rl.question("n", f)', 'readline.question("n")', 'const n = prompt("n")',
    'const { values } = parseArgs({})', 'const argv = yargs(hideBin(process.argv))', 'const a = minimist(x)',
    'const q = req.query.q', 'const b = request.body', 'const q = ctx.query.q', 'const p = ctx.request.body',
    'const s = url.searchParams.get("q")', 'const q = parsedUrl.query', 'const q = url.parse(req.url, true).query',
  ],
  shell: ['echo "$REPLY"', 'x=$(cat)', 'x=$(cat -)', 'echo "$QUERY_STRING"', 'rm -rf "$1"', 'echo "$@"', 'read -r name'],
  php: ['$a = $argv[1];', '$l = fgets(STDIN);', '$l = readline("n");', '$q = $_GET["q"];', '$b = file_get_contents("php://input");', '$h = getallheaders();'],
  ruby: ['a = ARGV[0]', 'n = gets', 'l = STDIN.read', 'l = $stdin.read', 'q = params[:q]', 'b = request.body', 'c = cookies[:c]'],
};

test('the keyword gate admits every input source of every language', () => {
  for (const [lang, lines] of Object.entries(SOURCES) as [Lang, string[]][]) {
    for (const line of lines) assert.equal(mayHoldSource(lang, `# setup\n${line}\n`), true, `${lang}: ${line}`);
  }
});

test('a script with no input source is ruled out before any source pattern runs', () => {
  assert.equal(mayHoldSource('python', 'import json\n\ndef handler(event):\n    return json.loads(event)\n'), false);
  assert.equal(mayHoldSource('js', 'export const add = (a, b) => a + b;\n'), false);
  assert.equal(mayHoldSource('shell', 'set -e\necho hello\n'), false);
});
