// Official installer endpoints whose "curl … | sh" one-liners are the vendor's documented install path.
// A match here lowers SC2 to LOW: the risk (running remote code unverified) remains, but it is routine.
export const TRUSTED_INSTALLER_HOSTS: readonly string[] = [
  'sh.rustup.rs', 'static.rust-lang.org', 'get.docker.com', 'test.docker.com', 'install.python-poetry.org',
  'astral.sh', 'bun.sh', 'deno.land', 'get.pnpm.io', 'deb.nodesource.com', 'rpm.nodesource.com', 'fnm.vercel.app',
  'get.helm.sh', 'sdk.cloud.google.com', 'aka.ms', 'cli.github.com', 'get.k3s.io', 'tailscale.com',
  'install.determinate.systems', 'nixos.org', 'get.sdkman.io', 'pyenv.run', 'starship.rs', 'ollama.com',
  'claude.ai', 'opencode.ai', 'cursor.com', 'mise.run', 'get.rvm.io', 'bootstrap.pypa.io', 'dot.net',
  'dotnet.microsoft.com', 'releases.hashicorp.com', 'apt.releases.hashicorp.com',
  'get.volta.sh', 'foundry.paradigm.xyz', 'install.meteor.com', 'get.haskellstack.org', 'get-ghcup.haskell.org',
];

/** raw.githubusercontent.com serves anyone's files; only these owner/repo prefixes are official installers. */
export const TRUSTED_GITHUB_RAW_PREFIXES: readonly string[] = [
  'homebrew/install/', 'nvm-sh/nvm/', 'ohmyzsh/ohmyzsh/', 'pyenv/pyenv-installer/', 'rvm/rvm/',
  'creationix/nvm/', 'helm/helm/', 'python-poetry/install.python-poetry.org/', 'golangci/golangci-lint/',
  'kubernetes-sigs/kind/', 'cli/cli/',
];
