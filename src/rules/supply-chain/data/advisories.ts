// A small, curated offline snapshot of well-known public advisories (GHSA/CVE) for popular PyPI and
// npm packages. It is not a vulnerability database: it exists so SC4 works offline and never claims
// more than it knows. Ranges follow OSV semantics: introduced inclusive, fixed exclusive.
// Every entry was re-checked on SNAPSHOT_DATE against its published GHSA record (id, package, aliases,
// affected range); entries that could not be confirmed were removed rather than shipped. A range is
// listed only where it was confirmed, so an unconfirmed branch means a missed advisory, never a wrong one.
import type { Severity } from '../../../shared/types.js';
import type { AffectedRange } from '../../../dependencies/version.js';

export const SNAPSHOT_DATE = '2026-11-30';

export interface Advisory {
  ecosystem: 'pypi' | 'npm';
  /** Normalised package name (PEP 503 for PyPI). */
  package: string;
  id: string;
  aliases: readonly string[];
  severity: Severity;
  summary: string;
  ranges: readonly AffectedRange[];
}

export const ADVISORIES: readonly Advisory[] = [
  // PyPI
  { ecosystem: 'pypi', package: 'pyyaml', id: 'GHSA-8q59-q68h-6hv4', aliases: ['CVE-2020-14343'], severity: 'CRITICAL', summary: 'full_load/FullLoader can construct arbitrary Python objects (code execution)', ranges: [{ fixed: '5.4' }] },
  { ecosystem: 'pypi', package: 'requests', id: 'GHSA-j8r2-6x86-q33q', aliases: ['CVE-2023-32681'], severity: 'MEDIUM', summary: 'Proxy-Authorization header leaked to the destination on HTTPS redirects', ranges: [{ introduced: '2.3.0', fixed: '2.31.0' }] },
  { ecosystem: 'pypi', package: 'urllib3', id: 'GHSA-q2q7-5pp4-w6pg', aliases: ['CVE-2021-33503'], severity: 'HIGH', summary: 'Catastrophic backtracking when parsing URL authority', ranges: [{ fixed: '1.26.5' }] },
  { ecosystem: 'pypi', package: 'jinja2', id: 'GHSA-h5c8-rqwp-cp95', aliases: ['CVE-2024-22195'], severity: 'MEDIUM', summary: 'xmlattr filter accepts keys with spaces (cross-site scripting)', ranges: [{ fixed: '3.1.3' }] },
  { ecosystem: 'pypi', package: 'pillow', id: 'GHSA-8vj2-vxx3-667w', aliases: ['CVE-2022-22817'], severity: 'CRITICAL', summary: 'ImageMath.eval evaluates arbitrary expressions', ranges: [{ fixed: '9.0.1' }] },
  { ecosystem: 'pypi', package: 'flask', id: 'GHSA-m2qf-hxjv-5gpq', aliases: ['CVE-2023-30861'], severity: 'HIGH', summary: 'Session cookie can be cached by proxies and disclosed to other clients', ranges: [{ fixed: '2.2.5' }, { introduced: '2.3.0', fixed: '2.3.2' }] },
  { ecosystem: 'pypi', package: 'werkzeug', id: 'GHSA-2g68-c3qc-8985', aliases: ['CVE-2024-34069'], severity: 'HIGH', summary: 'Debugger can be driven to execute code on a developer machine', ranges: [{ fixed: '3.0.3' }] },
  { ecosystem: 'pypi', package: 'setuptools', id: 'GHSA-cx63-2mw6-8hw5', aliases: ['CVE-2024-6345'], severity: 'HIGH', summary: 'Remote code execution through package_index download functions', ranges: [{ fixed: '70.0.0' }] },
  // npm
  { ecosystem: 'npm', package: 'lodash', id: 'GHSA-jf85-cpcp-j695', aliases: ['CVE-2019-10744'], severity: 'CRITICAL', summary: 'Prototype pollution in defaultsDeep', ranges: [{ fixed: '4.17.12' }] },
  { ecosystem: 'npm', package: 'lodash', id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'], severity: 'HIGH', summary: 'Command injection through template()', ranges: [{ fixed: '4.17.21' }] },
  { ecosystem: 'npm', package: 'minimist', id: 'GHSA-xvch-5gv4-984h', aliases: [], severity: 'CRITICAL', summary: 'Prototype pollution', ranges: [{ fixed: '0.2.4' }, { introduced: '1.0.0', fixed: '1.2.6' }] },
  { ecosystem: 'npm', package: 'node-fetch', id: 'GHSA-r683-j2x4-v87g', aliases: ['CVE-2022-0235'], severity: 'HIGH', summary: 'Cookies and authorization headers forwarded to a third-party host on redirect', ranges: [{ fixed: '2.6.7' }] },
  { ecosystem: 'npm', package: 'ua-parser-js', id: 'GHSA-pjwm-rvh2-c87w', aliases: ['CVE-2021-4229'], severity: 'CRITICAL', summary: 'Compromised releases shipped malware', ranges: [{ exact: ['0.7.29', '0.8.0', '1.0.0'] }] },
];
