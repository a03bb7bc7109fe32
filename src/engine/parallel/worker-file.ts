// Where the analysis worker lives and how to start it: the one place that knows about .ts vs .js
// (tests and `node --import tsx` run sources; the package runs dist/). A bundler that moves the worker
// changes this function only.
export interface WorkerModule {
  /** file: URL of the module whose default export tinypool calls. */
  filename: string;
  execArgv: string[];
}

export function analysisWorker(override?: string): WorkerModule {
  const self = import.meta.url;
  const filename = override ?? new URL(self.endsWith('.ts') ? './analyze-worker.ts' : './analyze-worker.js', self).href;
  return { filename, execArgv: new URL(filename).pathname.endsWith('.ts') ? tsxExecArgv() : [] };
}

/**
 * A TypeScript worker needs tsx's loader inside the worker. `--import tsx` in a worker's execArgv does not
 * apply to the worker's own module graph on Node 20, so the worker registers tsx through its API first.
 */
function tsxExecArgv(): string[] {
  const api = import.meta.resolve('tsx/esm/api');
  return ['--import', `data:text/javascript,import{register}from${JSON.stringify(api)};register();`];
}
