import type { ScanReport } from '../types.js';

export function writeJson(report: ScanReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
