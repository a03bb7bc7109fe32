import { defineRule } from '../types.js';

// Home directory spelled the ways code and shell spell it.
const HOME = String.raw`(?:expanduser\s{0,3}\(\s{0,3}["']~/?["']\s{0,3}\)|Path\.home\s{0,3}\(\s{0,3}\)|os\.homedir\s{0,3}\(\s{0,3}\)|homedir\s{0,3}\(\s{0,3}\)|["'\x60]~/?["'\x60]|\$\{?HOME\}?/?["']?(?=[\s,)]|$)|environ\[["']HOME["']\]|process\.env\.HOME\b)`;
const LISTERS = String.raw`(?:os\.walk|os\.listdir|os\.scandir|glob\.i?glob|\.r?glob|\.iterdir|\.walk|readdir(?:Sync)?|walkSync|globSync|glob\.sync|fg(?:\.sync)?)\s{0,3}\(`;
const SECRET_DIRS = String.raw`(?:\.ssh|\.aws|\.gnupg|\.azure|\.kube|\.docker|\.config[/\\]gcloud|\.password-store|Keychains|credentials|wallets?)\b`;
const SECRET_EXT = String.raw`(?:pem|key|p12|pfx|ppk|kdbx|keystore|jks|asc|gpg|ovpn)`;

export const e3 = defineRule({
  kind: 'pattern',
  meta: {
    id: 'E3',
    category: 'Data Exfiltration',
    severity: 'MEDIUM',
    confidence: 0.6,
    title: 'Sensitive File Enumeration',
    description:
      'Listing or searching the home directory or credential folders: os.walk/listdir/glob over ~ or Path.home(), globs into ~/.ssh, ~/.aws, ~/.gnupg, ~/.kube, recursive searches for *.pem/*.key/id_rsa/.env files (find ~ -name "*.pem", **/*.pem), and recursive listings of home (ls -R ~). Enumeration is how a malicious script finds the keys and wallets it then uploads; a skill rarely needs to look beyond its own folder and the files the user names.',
    remediation:
      'Work only on paths the user provides or on the skill\'s own directory. Do not search the home directory or credential folders.',
  },
  patterns: [
    {
      re: new RegExp(String.raw`${LISTERS}[^\n]{0,80}?${HOME}`),
      keywords: ['walk', 'listdir', 'scandir', 'glob', 'iterdir', 'readdir', 'fg('],
      label: 'Enumerates the home directory',
      confidence: 0.6,
    },
    {
      // pathlib style: the home path comes first, the lister is a method on it.
      re: /\b(?:Path\.home\s{0,3}\(\s{0,3}\)|Path\s{0,3}\(\s{0,3}["']~\/?["']\s{0,3}\)\.expanduser\s{0,3}\(\s{0,3}\))(?:\s{0,3}\/\s{0,3}["'][^"'\n]{0,40}["']){0,3}\s{0,3}\)?\s{0,3}\.(?:r?glob|iterdir|walk)\s{0,3}\(/,
      keywords: ['path'],
      label: 'Enumerates the home directory',
      confidence: 0.6,
    },
    {
      re: new RegExp(String.raw`(?:${LISTERS}|\b(?:ls|find|tree|du)\s)[^\n|;]{0,120}?${SECRET_DIRS}`),
      keywords: ['.ssh', '.aws', '.gnupg', '.azure', '.kube', '.docker', 'gcloud', 'password-store', 'keychains', 'credentials', 'wallet'],
      label: 'Enumerates a credential folder',
      confidence: 0.65,
    },
    {
      re: new RegExp(String.raw`\bfind\s{1,5}[^\n|;]{0,80}?-i?(?:name|path|regex)\s{1,5}["']?\*?[^\s"']{0,20}?(?:\.${SECRET_EXT}|id_(?:rsa|dsa|ecdsa|ed25519)|\.env|credentials|wallet\.dat|\.kdbx)\b`, 'i'),
      keywords: ['find'],
      label: 'Searches for key or credential files',
      confidence: 0.7,
    },
    {
      re: new RegExp(String.raw`\*\*[/\\]\*?\.(?:${SECRET_EXT}|env)\b|\*\*[/\\](?:id_rsa|id_ed25519|\.env|credentials(?:\.json)?|wallet\.dat)\b`, 'i'),
      keywords: ['**'],
      label: 'Recursive glob for key or credential files',
      confidence: 0.6,
    },
    {
      re: /\b(?:ls\s{1,5}-[a-zA-Z]{0,6}R[a-zA-Z]{0,6}|tree|find|du\s{1,5}-a)\s{1,5}(?:~|\$\{?HOME\}?|\/home|\/Users|\/root)(?:\/)?(?=[\s"'`;|)]|$)/,
      // The home-directory operand is required; `ls` alone occurs inside "tools", "also", "files".
      keywords: ['~', '$home', '${home', '/home', '/users', '/root'],
      label: 'Recursive listing of home',
      confidence: 0.6,
    },
  ],
});
