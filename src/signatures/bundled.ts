// The bundled signature set, kept as TypeScript so the build ships it without copying data files.
// Each entry is one rule file; `meta.category` gives the public id (see classifySignature in index.ts):
//   malware → YR1, webshell → YR2, cryptominer → YR3, hack_tool / exploit → YR4.
//
// Licence and provenance: every rule below is our own, written for SkillSpector (Apache-2.0) from public
// descriptions of the techniques (the EICAR test file definition published by EICAR; widely documented
// reverse-shell one-liners, stratum mining URLs, xmrig configuration keys, PHP/JSP web-shell idioms,
// infostealer target paths). No third-party rule text is copied.
//
// Design: signatures run on raw bytes with no notion of documentation, so each rule asks for the working
// shape of the technique, not its name. A README that says "bash can open /dev/tcp sockets" stays quiet;
// a file that contains the actual one-liner `bash -i >& /dev/tcp/HOST/PORT` fires, wherever it sits (a
// security guide quoting the full one-liner fires too: lowering that by place is the caller's job, through
// the usual calibration and triage, not the signature's).
import type { RuleSource } from './engine.js';

const MALWARE = String.raw`
// YR1: malware and malware test artefacts.

rule eicar_test_file : malware test
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    description = "EICAR anti-virus test string: harmless itself, but a skill has no reason to ship it and it is the standard probe of whether a scanner blocks malware"
  strings:
    $eicar = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"
  condition:
    $eicar
}

rule info_stealer_browser_and_wallet : malware stealer
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    description = "Infostealer profile: browser credential stores and cryptocurrency wallet locations referenced together in one file"
  strings:
    $browser_chrome = /(Google|Microsoft|BraveSoftware)[\\\/](Chrome|Edge|Brave-Browser)[\\\/]User Data/ nocase
    $browser_login = "Login Data" fullword
    $browser_ff_logins = "logins.json" fullword
    $browser_ff_key = "key4.db" fullword
    $browser_ff = /Mozilla[\\\/]Firefox[\\\/]Profiles/ nocase
    $wallet_dat = "wallet.dat" fullword
    $wallet_exodus = /Exodus[\\\/]exodus\.wallet/ nocase
    $wallet_electrum = /Electrum[\\\/]wallets/ nocase
    $wallet_metamask = "nkbihfbeogaeaoehlefnkodbefgpgknn"
    $wallet_atomic = /atomic[\\\/]Local Storage/ nocase
    $wallet_solflare = "bhhhlbepdkbapadjdnnojkbgioiodbic"
  condition:
    2 of ($browser*) and any of ($wallet*)
}

rule telegram_bot_exfiltration : malware exfiltration
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    description = "A hard-coded Telegram bot token used to upload files (sendDocument): a common infostealer exfiltration channel"
  strings:
    $bot_url = /api\.telegram\.org\/bot[0-9]{6,10}:[A-Za-z0-9_-]+\/send(Document|Photo)/
    $bot_token = /[0-9]{8,10}:AA[A-Za-z0-9_-]+/
    $send_doc = "sendDocument"
  condition:
    $bot_url or ($bot_token and $send_doc)
}
`;

const WEBSHELL = String.raw`
// YR2: web shells.

rule php_webshell_request_eval : webshell php
{
  meta:
    category = "webshell"
    severity = "CRITICAL"
    description = "PHP web shell: request input (POST/GET/REQUEST/COOKIE) passed to eval, assert or a shell function inside a PHP file"
  strings:
    $php_open = "<?php" nocase
    $php_short = "<?="
    $exec_request = /(eval|assert|system|passthru|shell_exec|exec|popen|proc_open)\s*\(\s*(base64_decode\s*\(\s*|gzinflate\s*\(\s*|str_rot13\s*\(\s*|stripslashes\s*\(\s*)*\$_(POST|GET|REQUEST|COOKIE)/ nocase
    $backtick_request = /\x60\s*\$_(POST|GET|REQUEST)\[/
  condition:
    ($php_open or $php_short) and ($exec_request or $backtick_request)
}

rule jsp_webshell_request_exec : webshell jsp
{
  meta:
    category = "webshell"
    severity = "CRITICAL"
    description = "JSP web shell: a request parameter passed to Runtime.exec or ProcessBuilder inside a JSP page"
  strings:
    $jsp_open = "<%"
    $runtime_param = /Runtime\.getRuntime\(\)\.exec\(\s*request\.getParameter\(/
    $builder_param = /new\s+ProcessBuilder\(\s*(new\s+String\[\]\s*\{[^}]*)?request\.getParameter\(/
  condition:
    $jsp_open and ($runtime_param or $builder_param)
}
`;

const MINER = String.raw`
// YR3: cryptocurrency miners.

rule crypto_stratum_url : cryptominer
{
  meta:
    category = "cryptominer"
    severity = "HIGH"
    description = "A stratum mining-pool URL with host and port (stratum+tcp/ssl/tls://host:port)"
  strings:
    $stratum = /stratum\+(tcp|ssl|tls):\/\/[a-z0-9._-]+:[0-9]+/ nocase
  condition:
    $stratum
}

rule crypto_xmrig_config : cryptominer
{
  meta:
    category = "cryptominer"
    severity = "HIGH"
    description = "XMRig-style miner configuration: donate-level and pools keys with a RandomX algorithm or wallet user"
  strings:
    $donate = "\"donate-level\""
    $pools = "\"pools\""
    $algo = /"algo"\s*:\s*"(rx\/0|randomx|cn\/r|rx\/wow)"/ nocase
    $coin = /"coin"\s*:\s*"monero"/ nocase
    $user = /"user"\s*:\s*"4[0-9AB][1-9A-HJ-NP-Za-km-z]+"/
  condition:
    $donate and $pools and ($algo or $coin or $user)
}

rule crypto_miner_command_line : cryptominer
{
  meta:
    category = "cryptominer"
    severity = "HIGH"
    description = "A miner started with a pool and a wallet on its command line (xmrig, cpuminer, minerd with -o/--url and -u/--user)"
  strings:
    $cmd = /(xmrig|cpuminer|minerd|xmr-stak)(\.exe)?[^\n]*\s(-o|--url[= ])\s*[^\s]+[^\n]*\s(-u|--user[= ])/ nocase
  condition:
    $cmd
}
`;

const HACK_TOOL = String.raw`
// YR4: offensive tooling, here reverse shells. Each rule wants the working one-liner, not a mention.

rule reverse_shell_bash_dev_tcp : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    description = "Bash reverse shell: an interactive shell redirected to a /dev/tcp/HOST/PORT socket"
  strings:
    $interactive = /(ba)?sh\s+-i\s*[0-9]?>&\s*\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+/
    $exec_fd = /exec\s+[0-9]+<>\s*\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+/
    $redirect = /\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+\s+0>&1/
  condition:
    any of them
}

rule reverse_shell_netcat : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    description = "Netcat reverse or bind shell: nc/ncat executing a shell (-e /bin/sh, -e cmd.exe) or a mkfifo loop piping a shell through nc"
  strings:
    $nc_exec = /\b(nc|ncat|netcat)(\.traditional|\.openbsd|\.exe)?\s[^\n]*-[a-z]*[ec]\s*["']?(\/bin\/(ba|z|da)?sh|cmd(\.exe)?|powershell)/ nocase
    $fifo = /mkfifo\s[^\n]*\|\s*(\/bin\/)?(ba)?sh\s+-i[^\n]*\|\s*(nc|ncat|netcat)\s/
  condition:
    any of them
}

rule reverse_shell_python : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    description = "Python reverse shell: a socket connected out, its descriptor duplicated onto stdin/stdout, then a shell spawned"
  strings:
    $connect = ".connect(("
    $dup2 = /os\.dup2\(\s*[a-z_]+\.fileno\(\)\s*,\s*[012]\s*\)/
    $pty = /pty\.spawn\(\s*["'](\/bin\/)?(ba|z)?sh["']/
    $call_sh = /subprocess\.call\(\s*\[\s*["'](\/bin\/)?(ba|z)?sh["']\s*,\s*["']-i["']/
  condition:
    $connect and $dup2 and ($pty or $call_sh)
}

rule reverse_shell_powershell : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    description = "PowerShell reverse shell: a TCPClient stream whose received bytes are run with Invoke-Expression and the output written back"
  strings:
    $tcp = "Net.Sockets.TCPClient" nocase
    $stream = ".GetStream()" nocase
    $iex = /\b(iex|Invoke-Expression)\b/ nocase
    $read = ".Read(" nocase
  condition:
    $tcp and $stream and $iex and $read
}
`;

/** The bundled rule files, in a fixed order. */
export const BUNDLED_SIGNATURES: readonly RuleSource[] = [
  { file: 'bundled/malware.yar', text: MALWARE },
  { file: 'bundled/webshell.yar', text: WEBSHELL },
  { file: 'bundled/cryptominer.yar', text: MINER },
  { file: 'bundled/hack_tool.yar', text: HACK_TOOL },
];
