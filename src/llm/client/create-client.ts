// The entry point: a provider config in, the matching adapter out.
import { createAnthropicClient } from './anthropic-adapter.js';
import { createOpenAiClient } from './openai-adapter.js';
import type { ProviderConfig } from './provider-config.js';
import { transportSettings } from './transport.js';
import type { LlmClient, LlmClientOptions } from './types.js';

export function createLlmClient(config: ProviderConfig, options: LlmClientOptions = {}): LlmClient {
  const settings = transportSettings(options, config.apiKey);
  return config.provider === 'anthropic' ? createAnthropicClient(config, settings) : createOpenAiClient(config, settings);
}
