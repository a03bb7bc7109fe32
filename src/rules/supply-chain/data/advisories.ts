// A small, curated offline snapshot of well-known public advisories (GHSA/CVE) for popular PyPI and
// npm packages. It is not a vulnerability database: it exists so SC4 works offline and never claims
// more than it knows. Ranges follow OSV semantics: introduced inclusive, fixed exclusive.
import type { Severity } from '../../../shared/types.js';
import type { AffectedRange } from '../version.js';

export const SNAPSHOT_DATE = '2025-01-15';

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
  { ecosystem: 'pypi', package: 'django', id: 'GHSA-p64x-8rxx-wf6q', aliases: ['CVE-2022-34265'], severity: 'CRITICAL', summary: 'SQL injection through the kind argument of Trunc() and Extract()', ranges: [{ introduced: '3.2', fixed: '3.2.14' }, { introduced: '4.0', fixed: '4.0.6' }] },
  { ecosystem: 'pypi', package: 'pillow', id: 'GHSA-8vj2-vxx3-667w', aliases: ['CVE-2022-22817'], severity: 'CRITICAL', summary: 'ImageMath.eval evaluates arbitrary expressions', ranges: [{ fixed: '9.0.0' }] },
  { ecosystem: 'pypi', package: 'flask', id: 'GHSA-m2qf-hxjv-5gpq', aliases: ['CVE-2023-30861'], severity: 'HIGH', summary: 'Session cookie can be cached by proxies and disclosed to other clients', ranges: [{ fixed: '2.2.5' }, { introduced: '2.3.0', fixed: '2.3.2' }] },
  { ecosystem: 'pypi', package: 'werkzeug', id: 'GHSA-2g68-c3qc-8985', aliases: ['CVE-2024-34069'], severity: 'HIGH', summary: 'Debugger can be driven to execute code on a developer machine', ranges: [{ fixed: '3.0.3' }] },
  { ecosystem: 'pypi', package: 'setuptools', id: 'GHSA-cx63-2mw6-8hw5', aliases: ['CVE-2024-6345'], severity: 'HIGH', summary: 'Remote code execution through package_index download functions', ranges: [{ fixed: '70.0.0' }] },
  { ecosystem: 'pypi', package: 'gitpython', id: 'GHSA-hcpj-qp55-gfph', aliases: ['CVE-2022-24439'], severity: 'CRITICAL', summary: 'Remote code execution through unsanitised clone options', ranges: [{ fixed: '3.1.30' }] },
  { ecosystem: 'pypi', package: 'lxml', id: 'GHSA-55x5-fj6c-h6m8', aliases: ['CVE-2021-43818'], severity: 'HIGH', summary: 'HTML Cleaner lets crafted script content through (cross-site scripting)', ranges: [{ fixed: '4.6.5' }] },
  { ecosystem: 'pypi', package: 'aiohttp', id: 'GHSA-5h86-8mv2-jq9f', aliases: ['CVE-2024-23334'], severity: 'HIGH', summary: 'Directory traversal when serving static files with follow_symlinks', ranges: [{ introduced: '1.0.5', fixed: '3.9.2' }] },
  { ecosystem: 'pypi', package: 'pyjwt', id: 'GHSA-ffqj-6fqr-9h24', aliases: ['CVE-2022-29217'], severity: 'HIGH', summary: 'Key confusion through non-blocklisted public key formats', ranges: [{ introduced: '1.5.0', fixed: '2.4.0' }] },
  { ecosystem: 'pypi', package: 'cryptography', id: 'GHSA-3ww4-gg4f-jr7f', aliases: ['CVE-2023-50782'], severity: 'HIGH', summary: 'Bleichenbacher timing oracle in RSA decryption', ranges: [{ fixed: '42.0.0' }] },
  { ecosystem: 'pypi', package: 'pycrypto', id: 'GHSA-cq27-v7xp-c356', aliases: ['CVE-2013-7459'], severity: 'CRITICAL', summary: 'Heap buffer overflow in ALGnew; the project is unmaintained', ranges: [{ lastAffected: '2.6.1' }] },
  { ecosystem: 'pypi', package: 'paramiko', id: 'GHSA-45x7-px36-x8w8', aliases: ['CVE-2023-48795'], severity: 'MEDIUM', summary: 'SSH prefix truncation attack (Terrapin)', ranges: [{ fixed: '3.4.0' }] },
  // npm
  { ecosystem: 'npm', package: 'lodash', id: 'GHSA-jf85-cpcp-j695', aliases: ['CVE-2019-10744'], severity: 'CRITICAL', summary: 'Prototype pollution in defaultsDeep', ranges: [{ fixed: '4.17.12' }] },
  { ecosystem: 'npm', package: 'lodash', id: 'GHSA-35jh-r3h4-6jhm', aliases: ['CVE-2021-23337'], severity: 'HIGH', summary: 'Command injection through template()', ranges: [{ fixed: '4.17.21' }] },
  { ecosystem: 'npm', package: 'minimist', id: 'GHSA-xvch-5gv4-984h', aliases: ['CVE-2021-44906'], severity: 'CRITICAL', summary: 'Prototype pollution', ranges: [{ fixed: '0.2.4' }, { introduced: '1.0.0', fixed: '1.2.6' }] },
  { ecosystem: 'npm', package: 'axios', id: 'GHSA-wf5p-g6vw-rhxx', aliases: ['CVE-2023-45857'], severity: 'MEDIUM', summary: 'XSRF-TOKEN sent to any host (cross-site request forgery)', ranges: [{ introduced: '0.8.1', fixed: '0.28.0' }, { introduced: '1.0.0', fixed: '1.6.0' }] },
  { ecosystem: 'npm', package: 'node-fetch', id: 'GHSA-r683-j2x4-v87g', aliases: ['CVE-2022-0235'], severity: 'HIGH', summary: 'Cookies and authorization headers forwarded to a third-party host on redirect', ranges: [{ fixed: '2.6.7' }, { introduced: '3.0.0', fixed: '3.1.1' }] },
  { ecosystem: 'npm', package: 'ws', id: 'GHSA-3h5v-q93c-6h6q', aliases: ['CVE-2024-37890'], severity: 'HIGH', summary: 'Denial of service from a request with many HTTP headers', ranges: [{ introduced: '2.1.0', fixed: '5.2.4' }, { introduced: '6.0.0', fixed: '6.2.3' }, { introduced: '7.0.0', fixed: '7.5.10' }, { introduced: '8.0.0', fixed: '8.17.1' }] },
  { ecosystem: 'npm', package: 'express', id: 'GHSA-rv95-896h-c2vc', aliases: ['CVE-2024-29041'], severity: 'MEDIUM', summary: 'Open redirect with malformed URLs', ranges: [{ fixed: '4.19.2' }] },
  { ecosystem: 'npm', package: 'semver', id: 'GHSA-c2qf-rxjj-qqgw', aliases: ['CVE-2022-25883'], severity: 'MEDIUM', summary: 'Regular expression denial of service in range parsing', ranges: [{ fixed: '5.7.2' }, { introduced: '6.0.0', fixed: '6.3.1' }, { introduced: '7.0.0', fixed: '7.5.2' }] },
  { ecosystem: 'npm', package: 'tar', id: 'GHSA-5955-9wpr-37jh', aliases: ['CVE-2021-37713'], severity: 'HIGH', summary: 'Arbitrary file creation or overwrite on extraction', ranges: [{ fixed: '4.4.18' }, { introduced: '5.0.0', fixed: '5.0.10' }, { introduced: '6.0.0', fixed: '6.1.9' }] },
  { ecosystem: 'npm', package: 'ua-parser-js', id: 'GHSA-pjwm-rvh2-c87w', aliases: [], severity: 'CRITICAL', summary: 'Compromised releases shipped malware', ranges: [{ exact: ['0.7.29', '0.8.0', '1.0.0'] }] },
  { ecosystem: 'npm', package: 'event-stream', id: 'GHSA-mh6f-8j2x-4483', aliases: [], severity: 'CRITICAL', summary: 'Malicious flatmap-stream dependency targeting wallets', ranges: [{ exact: ['3.3.6'] }] },
  { ecosystem: 'npm', package: 'node-ipc', id: 'GHSA-97m3-w2cp-4xx6', aliases: ['CVE-2022-23812'], severity: 'CRITICAL', summary: 'Protestware overwrites files for some geolocations', ranges: [{ introduced: '10.1.1', fixed: '10.1.3' }] },
  { ecosystem: 'npm', package: 'handlebars', id: 'GHSA-f2jv-r9rf-7988', aliases: ['CVE-2021-23369'], severity: 'CRITICAL', summary: 'Remote code execution when compiling untrusted templates', ranges: [{ fixed: '4.7.7' }] },
  { ecosystem: 'npm', package: 'shell-quote', id: 'GHSA-g4rg-993r-mgx7', aliases: ['CVE-2021-42740'], severity: 'CRITICAL', summary: 'Command injection through unescaped characters', ranges: [{ fixed: '1.7.3' }] },
  { ecosystem: 'npm', package: 'moment', id: 'GHSA-wc69-rhjr-hc9g', aliases: ['CVE-2022-31129'], severity: 'HIGH', summary: 'Inefficient RFC 2822 parsing (denial of service)', ranges: [{ introduced: '2.18.0', fixed: '2.29.4' }] },
  { ecosystem: 'npm', package: 'vm2', id: 'GHSA-cchq-frgv-rjh5', aliases: ['CVE-2023-37466'], severity: 'CRITICAL', summary: 'Sandbox escape (no fixed release; the project is discontinued)', ranges: [{ lastAffected: '3.9.19' }] },
  { ecosystem: 'npm', package: '@babel/traverse', id: 'GHSA-67hx-6x53-jw92', aliases: ['CVE-2023-45133'], severity: 'CRITICAL', summary: 'Arbitrary code execution when compiling crafted code', ranges: [{ fixed: '7.23.2' }] },
  { ecosystem: 'npm', package: 'json5', id: 'GHSA-9c47-m6qq-7p4h', aliases: ['CVE-2022-46175'], severity: 'HIGH', summary: 'Prototype pollution in parse()', ranges: [{ fixed: '1.0.2' }, { introduced: '2.0.0', fixed: '2.2.2' }] },
  { ecosystem: 'npm', package: 'jsonwebtoken', id: 'GHSA-hjrf-2m68-5959', aliases: ['CVE-2022-23541'], severity: 'MEDIUM', summary: 'Insecure key retrieval lets tokens be forged', ranges: [{ fixed: '9.0.0' }] },
];
