import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { createInterface } from 'node:readline';

interface JobEvent { job: string; state: 'queued' | 'running' | 'failed' | 'passed'; at: string }

const feed = connect({ host: 'status.buildfarm.internal', port: 7001 });
const lines = createInterface({ input: feed });

lines.on('line', (raw) => {
  let ev: JobEvent;
  try {
    ev = JSON.parse(raw) as JobEvent;
  } catch {
    return;
  }
  console.log(`${ev.at}  ${ev.state.padEnd(8)} ${ev.job}`);
  if (ev.state === 'failed') {
    // ring the terminal bell through the desktop notifier, with fixed text
    spawn('notify-send', ['Build failed', 'A build farm job failed'], { stdio: 'ignore' });
  }
});
feed.on('error', (err) => {
  console.error(`status feed unavailable: ${err.message}`);
  process.exitCode = 1;
});
