// Packages that are abandoned, deprecated in favour of a successor, or were sabotaged by their author.
// Names are normalised (PEP 503 for PyPI).
export interface AbandonedPackage {
  ecosystem: 'pypi' | 'npm';
  name: string;
  why: string;
  replacement?: string;
}

export const ABANDONED: readonly AbandonedPackage[] = [
  { ecosystem: 'pypi', name: 'pycrypto', why: 'unmaintained since 2013 with known memory-safety CVEs', replacement: 'pycryptodome or cryptography' },
  { ecosystem: 'pypi', name: 'nose', why: 'unmaintained and broken on current Python', replacement: 'pytest or nose2' },
  { ecosystem: 'pypi', name: 'pil', why: 'the original PIL stopped at 1.1.7 (2009)', replacement: 'pillow' },
  { ecosystem: 'pypi', name: 'sklearn', why: 'deprecated placeholder name that refuses to install', replacement: 'scikit-learn' },
  { ecosystem: 'pypi', name: 'distribute', why: 'merged back into setuptools in 2013', replacement: 'setuptools' },
  { ecosystem: 'pypi', name: 'pep8', why: 'renamed and no longer updated', replacement: 'pycodestyle' },
  { ecosystem: 'pypi', name: 'oauth2client', why: 'deprecated by Google', replacement: 'google-auth' },
  { ecosystem: 'pypi', name: 'mysql-python', why: 'unmaintained and Python 2 only', replacement: 'mysqlclient' },
  { ecosystem: 'pypi', name: 'beautifulsoup', why: 'BeautifulSoup 3 is unmaintained and Python 2 only', replacement: 'beautifulsoup4' },
  { ecosystem: 'pypi', name: 'flask-script', why: 'unmaintained', replacement: 'the Flask CLI (click)' },
  { ecosystem: 'pypi', name: 'flask-restplus', why: 'unmaintained', replacement: 'flask-restx' },
  { ecosystem: 'pypi', name: 'django-rest-swagger', why: 'deprecated by its maintainers', replacement: 'drf-spectacular' },
  { ecosystem: 'pypi', name: 'pytest-runner', why: 'deprecated together with setup.py test', replacement: 'running pytest directly' },
  { ecosystem: 'pypi', name: 'python-gflags', why: 'unmaintained', replacement: 'absl-py' },
  { ecosystem: 'pypi', name: 'tensorflow-gpu', why: 'removed; GPU support ships in tensorflow', replacement: 'tensorflow' },
  { ecosystem: 'npm', name: 'request', why: 'deprecated and unmaintained since 2020', replacement: 'fetch, undici or axios' },
  { ecosystem: 'npm', name: 'request-promise', why: 'deprecated with request', replacement: 'fetch or axios' },
  { ecosystem: 'npm', name: 'request-promise-native', why: 'deprecated with request', replacement: 'fetch or axios' },
  { ecosystem: 'npm', name: 'optimist', why: 'unmaintained, with a vulnerable minimist', replacement: 'yargs or commander' },
  { ecosystem: 'npm', name: 'node-uuid', why: 'renamed long ago', replacement: 'uuid' },
  { ecosystem: 'npm', name: 'jade', why: 'renamed', replacement: 'pug' },
  { ecosystem: 'npm', name: 'coffee-script', why: 'renamed', replacement: 'coffeescript' },
  { ecosystem: 'npm', name: 'gulp-util', why: 'deprecated', replacement: 'individual modules' },
  { ecosystem: 'npm', name: 'istanbul', why: 'deprecated', replacement: 'nyc or c8' },
  { ecosystem: 'npm', name: 'nomnom', why: 'deprecated', replacement: 'yargs or commander' },
  { ecosystem: 'npm', name: 'tslint', why: 'deprecated', replacement: 'eslint with typescript-eslint' },
  { ecosystem: 'npm', name: 'node-sass', why: 'deprecated (LibSass end of life)', replacement: 'sass' },
  { ecosystem: 'npm', name: 'babel-eslint', why: 'deprecated', replacement: '@babel/eslint-parser' },
  { ecosystem: 'npm', name: 'popper.js', why: 'deprecated', replacement: '@popperjs/core' },
  { ecosystem: 'npm', name: 'left-pad', why: 'deprecated', replacement: 'String.prototype.padStart' },
  { ecosystem: 'npm', name: 'vm2', why: 'discontinued with unfixed sandbox escapes', replacement: 'isolated-vm or a separate process' },
  { ecosystem: 'npm', name: 'faker', why: 'sabotaged by its author (6.6.6)', replacement: '@faker-js/faker' },
  { ecosystem: 'npm', name: 'colors', why: 'sabotaged by its author (1.4.44-liberty-2)', replacement: 'picocolors or chalk' },
];
