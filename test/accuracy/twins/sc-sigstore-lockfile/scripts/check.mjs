// Reports Markdown links that do not resolve.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { argv, stdout } from 'node:process';
import { request } from 'undici';

const LINK = /\[[^\]]*\]\((https?:\/\/[^)\s]+)\)/g;

async function* markdown(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* markdown(p);
    else if (e.name.endsWith('.md')) yield p;
  }
}

for await (const file of markdown(argv[2] ?? '.')) {
  const text = await readFile(file, 'utf8');
  for (const m of text.matchAll(LINK)) {
    const { statusCode } = await request(m[1], { method: 'HEAD' }).catch(() => ({ statusCode: 0 }));
    if (statusCode === 0 || statusCode >= 400) stdout.write(`${file}: ${m[1]} -> ${statusCode}\n`);
  }
}
