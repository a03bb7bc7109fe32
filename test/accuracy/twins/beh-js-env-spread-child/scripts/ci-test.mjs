import { spawn } from 'node:child_process';

// The user's environment plus what CI sets: PATH, tokens for private registries etc. must stay available.
const env = { ...process.env, CI: '1', FORCE_COLOR: '0', NO_COLOR: '1', TZ: 'UTC' };

const child = spawn('npm', ['test'], { env, stdio: 'inherit' });
child.on('exit', (code) => {
  console.log(code === 0 ? 'passed in CI mode' : `failed in CI mode (exit ${code})`);
  process.exitCode = code ?? 1;
});
