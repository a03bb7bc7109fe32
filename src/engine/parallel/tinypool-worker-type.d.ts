// tinypool's declarations name the global `Worker` (a DOM type); this project compiles without the DOM
// library and with skipLibCheck off, so the name is given the Node worker's type.
import type { Worker as NodeWorker } from 'node:worker_threads';

declare global {
  type Worker = NodeWorker;
}
