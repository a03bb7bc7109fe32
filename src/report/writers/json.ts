import { stringifyJsonSafe } from '../../shared/sanitize.js';
import type { ScanReport } from '../types.js';

export function writeJson(report: ScanReport): string {
  return `${stringifyJsonSafe(report, 2)}\n`;
}
