// Provider settings from the environment (CONTRACT §7). Problems come back as a typed error, never a
// throw, so the CLI can turn them into one plain usage message; the API key is never part of one.
import { z } from 'zod';

export const PROVIDERS = ['openai', 'openai_compatible', 'nv_build', 'anthropic', 'ollama'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** Where each provider lives unless SKILLSPECTOR_BASE_URL says otherwise; `null` means it must be given. */
export const DEFAULT_BASE_URLS: Readonly<Record<ProviderName, string | null>> = {
  openai: 'https://api.openai.com/v1',
  openai_compatible: null,
  nv_build: 'https://integrate.api.nvidia.com/v1',
  anthropic: 'https://api.anthropic.com',
  ollama: 'http://127.0.0.1:11434/v1',
};

/** The key variable per provider, and whether a key is required (local servers usually need none). */
const KEY_VARIABLES: Readonly<Record<ProviderName, { name: string; required: boolean } | null>> = {
  openai: { name: 'OPENAI_API_KEY', required: true },
  openai_compatible: { name: 'OPENAI_API_KEY', required: false },
  nv_build: { name: 'NVIDIA_INFERENCE_KEY', required: true },
  anthropic: { name: 'ANTHROPIC_API_KEY', required: true },
  ollama: null,
};

export interface ProviderConfig {
  provider: ProviderName;
  model: string;
  /** Without a trailing slash. */
  baseUrl: string;
  /** Non-enumerable, so logging or serialising a config never prints it. */
  apiKey?: string;
}

export type ProviderConfigErrorCode =
  | 'not_configured'
  | 'unknown_provider'
  | 'missing_model'
  | 'missing_key'
  | 'missing_base_url'
  | 'invalid_base_url';

export type ProviderConfigResult =
  | { ok: true; config: ProviderConfig }
  | { ok: false; code: ProviderConfigErrorCode; message: string };

// Blank values count as unset: `export OPENAI_API_KEY=` should read as "no key", not as an empty key.
const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined), z.string().optional());

const envSchema = z.object({
  SKILLSPECTOR_PROVIDER: optionalText,
  SKILLSPECTOR_MODEL: optionalText,
  SKILLSPECTOR_BASE_URL: optionalText,
  OPENAI_API_KEY: optionalText,
  NVIDIA_INFERENCE_KEY: optionalText,
  ANTHROPIC_API_KEY: optionalText,
});

// Credentials, queries and fragments in a base URL would leak into every request line and log.
const baseUrlSchema = z.string().refine((u) => {
  if (!URL.canParse(u)) return false;
  const parsed = new URL(u);
  const web = parsed.protocol === 'http:' || parsed.protocol === 'https:';
  return web && parsed.username === '' && parsed.password === '' && parsed.search === '' && parsed.hash === '';
});

function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end--;
  return url.slice(0, end);
}

const fail = (code: ProviderConfigErrorCode, message: string): ProviderConfigResult => ({ ok: false, code, message });

export function providerFromEnv(env: Readonly<Record<string, string | undefined>>): ProviderConfigResult {
  const vars = envSchema.parse(env);
  const name = vars.SKILLSPECTOR_PROVIDER;
  if (name === undefined) return fail('not_configured', 'no LLM provider configured: set SKILLSPECTOR_PROVIDER');
  const provider = PROVIDERS.find((p) => p === name.toLowerCase());
  if (!provider) {
    // The value is not echoed: a key pasted into the wrong variable would otherwise land in the message.
    return fail('unknown_provider', `SKILLSPECTOR_PROVIDER must be one of ${PROVIDERS.join(', ')}`);
  }
  const model = vars.SKILLSPECTOR_MODEL;
  if (model === undefined) return fail('missing_model', `set SKILLSPECTOR_MODEL to the model ${provider} should use`);
  const rawBase = vars.SKILLSPECTOR_BASE_URL ?? DEFAULT_BASE_URLS[provider];
  if (rawBase === null) return fail('missing_base_url', `provider ${provider} needs SKILLSPECTOR_BASE_URL (for example http://127.0.0.1:8000/v1)`);
  if (!baseUrlSchema.safeParse(rawBase).success) {
    return fail('invalid_base_url', 'SKILLSPECTOR_BASE_URL must be an http(s) URL without credentials, query or fragment');
  }
  const keyVar = KEY_VARIABLES[provider];
  const apiKey = keyVar ? vars[keyVar.name as keyof typeof vars] : undefined;
  if (keyVar?.required && apiKey === undefined) return fail('missing_key', `provider ${provider} needs ${keyVar.name}`);
  const config: ProviderConfig = { provider, model, baseUrl: withoutTrailingSlashes(rawBase) };
  if (apiKey !== undefined) Object.defineProperty(config, 'apiKey', { value: apiKey, enumerable: false });
  return { ok: true, config };
}
