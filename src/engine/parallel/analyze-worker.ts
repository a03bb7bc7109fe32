// Worker-thread entry (tinypool): a warm-up, then one batch of files per call. See run-task.ts.
import { workerEntry } from './run-task.js';

export default workerEntry;
