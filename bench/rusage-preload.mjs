// Preload for bench/measure.ts when /usr/bin/time is missing: writes this process's resource usage at exit.
// The variable is removed at once, so processes this one starts do not overwrite the file.
import { writeFileSync } from 'node:fs';
import process from 'node:process';

const file = process.env.BENCH_RUSAGE_FILE;
delete process.env.BENCH_RUSAGE_FILE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ userUs: u.userCPUTime, sysUs: u.systemCPUTime, maxRssKb: u.maxRSS }));
  });
}
