// Who serves a download that a skill runs. Public, general knowledge about hosts (vendors' own installer
// endpoints, paste sites, URL shorteners, tunnels), never names taken from scanned skills.

/**
 * Official installer endpoints, matched exactly: their `curl … | sh` one-liners are the vendor's documented
 * install path. Hosts on shared platforms (`*.vercel.app`, `raw.githubusercontent.com`) belong here, never
 * their platform's domain.
 */
export const TRUSTED_INSTALLER_HOSTS: readonly string[] = [
  'sh.rustup.rs', 'static.rust-lang.org', 'get.docker.com', 'test.docker.com', 'install.python-poetry.org',
  'astral.sh', 'bun.sh', 'deno.land', 'get.pnpm.io', 'deb.nodesource.com', 'rpm.nodesource.com', 'fnm.vercel.app',
  'get.helm.sh', 'sdk.cloud.google.com', 'aka.ms', 'cli.github.com', 'get.k3s.io', 'tailscale.com',
  'install.determinate.systems', 'nixos.org', 'get.sdkman.io', 'pyenv.run', 'starship.rs', 'ollama.com',
  'claude.ai', 'opencode.ai', 'cursor.com', 'mise.run', 'get.rvm.io', 'bootstrap.pypa.io', 'dot.net',
  'dotnet.microsoft.com', 'releases.hashicorp.com', 'apt.releases.hashicorp.com',
  'get.volta.sh', 'foundry.paradigm.xyz', 'install.meteor.com', 'get.haskellstack.org', 'get-ghcup.haskell.org',
  'awscli.amazonaws.com', 'cli-assets.heroku.com', 'get.scoop.sh', 'micro.mamba.pm', 'setup.atuin.sh', 'get.tur.so',
  'install.zerotier.com', 'cli.doppler.com', 'install.datadoghq.com', 'get.rke2.io', 'run.linkerd.io', 'firebase.tools',
  'get.pulumi.com', 'install.julialang.org', 'repo.anaconda.com', 'pixi.sh', 'sh.brew.sh', 'ohmyz.sh', 'dl.google.com',
];

/**
 * Domains a vendor controls entirely (every subdomain is the vendor's own): a download from
 * `community.chocolatey.org` or `start-local.elastic.co` is the vendor's. Never a platform that serves its
 * users' content (github.com, gitlab.com, vercel.app, netlify.app, amazonaws.com, googleapis.com,
 * *.google.com, *.visualstudio.com, huggingface.co…): for those only an exact installer host above counts.
 */
export const VENDOR_DOMAINS: readonly string[] = [
  // Languages, runtimes and their package tooling
  'rust-lang.org', 'rustup.rs', 'python.org', 'pypa.io', 'python-poetry.org', 'astral.sh', 'nodejs.org', 'nodesource.com',
  'bun.sh', 'deno.land', 'deno.com', 'pnpm.io', 'yarnpkg.com', 'volta.sh', 'go.dev', 'golang.org', 'dot.net',
  'julialang.org', 'ziglang.org', 'swift.org', 'haskell.org', 'haskellstack.org', 'ocaml.org', 'rvm.io', 'ruby-lang.org',
  'sdkman.io', 'gradle.org', 'anaconda.com', 'conda.io', 'mamba.pm', 'pixi.sh', 'pdm-project.org', 'pyenv.run', 'mise.run',
  'jdx.dev', 'moonrepo.dev', 'flutter.dev', 'dart.dev', 'pytorch.org', 'nixos.org', 'determinate.systems', 'brew.sh',
  // Operating system, cloud and infrastructure vendors
  'microsoft.com', 'aka.ms', 'apple.com', 'docker.com', 'docker.io',
  'hashicorp.com', 'k8s.io', 'kubernetes.io', 'helm.sh', 'k3s.io', 'rke2.io', 'rancher.com', 'fluxcd.io', 'argoproj.io',
  'istio.io', 'linkerd.io', 'cilium.io', 'podman.io', 'redhat.com', 'fedoraproject.org', 'ubuntu.com', 'canonical.com',
  'debian.org', 'alpinelinux.org', 'archlinux.org', 'nvidia.com', 'amd.com', 'intel.com', 'lambdalabs.com', 'lambda.ai',
  'cloudflare.com', 'digitalocean.com', 'linode.com', 'fly.io', 'heroku.com', 'vercel.com', 'netlify.com', 'render.com',
  'railway.com', 'supabase.com', 'neon.tech', 'planetscale.com', 'tur.so', 'turso.tech', 'pulumi.com',
  'tailscale.com', 'zerotier.com', 'netbird.io', 'ngrok.com', 'localstack.cloud', 'chocolatey.org', 'scoop.sh',
  // Developer tools, databases and observability
  'elastic.co', 'mongodb.com', 'mongodb.org', 'postgresql.org', 'redis.io', 'grafana.com', 'influxdata.com', 'datadoghq.com',
  'newrelic.com', 'sentry.io', 'posthog.com', 'stripe.com', 'twilio.com', 'snyk.io', 'sigstore.dev', 'chainguard.dev',
  'goreleaser.com', 'taskfile.dev', 'just.systems', 'direnv.net', 'asdf-vm.com', 'atuin.sh', 'wasmtime.dev', 'wasmer.io',
  'starship.rs', 'ohmyz.sh', 'oh-my-posh.dev', 'jetbrains.com', 'doppler.com', 'infisical.com', '1password.com',
  'bitwarden.com', 'goteleport.com', 'ollama.com', 'modal.com', 'lmstudio.ai',
  'firebase.tools', 'firebase.google.com', 'paradigm.xyz', 'meteor.com',
  // AI assistant and editor vendors
  'anthropic.com', 'claude.ai', 'claude.com', 'openai.com', 'opencode.ai', 'cursor.com', 'cursor.sh', 'zed.dev', 'warp.dev',
];

/** Paths on a vendor's host that serve its users' content (third-party modules), never the vendor's installer. */
export const USER_CONTENT_PATHS: Readonly<Record<string, readonly string[]>> = {
  'deno.land': ['/x/'],
};

/** raw.githubusercontent.com serves anyone's files; only these owner/repo prefixes are official installers. */
export const TRUSTED_GITHUB_RAW_PREFIXES: readonly string[] = [
  'homebrew/install/', 'nvm-sh/nvm/', 'ohmyzsh/ohmyzsh/', 'pyenv/pyenv-installer/', 'rvm/rvm/',
  'creationix/nvm/', 'helm/helm/', 'python-poetry/install.python-poetry.org/', 'golangci/golangci-lint/',
  'kubernetes-sigs/kind/', 'cli/cli/', 'anchore/syft/', 'anchore/grype/', 'aquasecurity/trivy/', 'sigstore/cosign/',
  'rbenv/rbenv-installer/', 'tj/n/', 'asdf-vm/asdf/', 'docker/docker-install/',
];

/**
 * Hosts that exist to hide where something comes from, or to serve anyone's text anonymously: paste and
 * snippet sites, URL shorteners, tunnels and dynamic DNS, anonymous file drops and request bins. Nothing
 * legitimate is installed from them; matched on the registrable domain (any subdomain).
 */
export const PASTE_HOSTS: readonly string[] = [
  'pastebin.com', 'pastebin.pl', 'paste.ee', 'pastes.io', 'paste.rs', 'paste.gg', 'pastes.dev', 'dpaste.org', 'dpaste.com',
  'hastebin.com', 'hastebin.skyra.pw', 'ghostbin.co', 'ghostbin.com', 'rentry.co', 'rentry.org',
  'controlc.com', 'justpaste.it', 'glot.io', 'codepad.org', 'ideone.com', 'ix.io', 'sprunge.us', 'termbin.com', 'bpa.st',
  'pastie.org', 'privatebin.net', 'paste.debian.net', 'paste.ubuntu.com', 'paste.centos.org', 'telegra.ph', 'notes.io',
  'gist.github.com', 'gist.githubusercontent.com', 'hastepaste.com', 'paste.mozilla.org', 'paste2.org', 'jsbin.com',
];

export const SHORTENER_HOSTS: readonly string[] = [
  'bit.ly', 'bitly.com', 'tinyurl.com', 't.co', 'goo.gl', 'is.gd', 'v.gd', 'ow.ly', 'buff.ly', 'rebrand.ly', 'cutt.ly',
  'shorturl.at', 'rb.gy', 't.ly', 'tiny.cc', 's.id', 'git.io', 'lnkd.in', 'bl.ink', 'short.io', 'tiny.one', 'clck.ru',
  'qrco.de', 'shorturl.gg', 'u.to', 'x.gd', 'surl.li',
];

export const ANONYMOUS_HOSTS: readonly string[] = [
  // Tunnels and dynamic DNS
  'ngrok.io', 'ngrok.app', 'ngrok-free.app', 'ngrok-free.dev', 'trycloudflare.com', 'loca.lt', 'localtunnel.me', 'serveo.net',
  'localhost.run', 'lhr.life', 'pinggy.link', 'pinggy.online', 'duckdns.org', 'ddns.net', 'hopto.org', 'zapto.org', 'sytes.net',
  'no-ip.org', 'no-ip.biz', 'dynu.net', 'freedns.afraid.org', 'portmap.io', 'bore.pub', 'serveousercontent.com',
  // Anonymous file drops and chat attachments
  'transfer.sh', 'file.io', 'tmpfiles.org', 'catbox.moe', 'gofile.io', 'pixeldrain.com', 'anonfiles.com', 'temp.sh',
  'bashupload.com', 'oshi.at', 'filebin.net', 'uguu.se', '0x0.st', 'cdn.discordapp.com', 'media.discordapp.net',
  'mega.nz', 'mediafire.com', 'sendspace.com',
  // Request bins and webhook catchers
  'webhook.site', 'requestbin.com', 'pipedream.net', 'beeceptor.com', 'hookbin.com', 'requestcatcher.com', 'interact.sh', 'oast.fun',
];
