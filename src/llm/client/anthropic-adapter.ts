// Anthropic `/v1/messages`. Structured output is one forced tool whose input_schema is the reply schema:
// the tool call's input is the reply. A refusal stop, or an answer without that tool call, is `refused`.
import { z } from 'zod';
import type { ProviderConfig } from './provider-config.js';
import { jsonSchemaOf, reportedModel, schemaName, tokenCount, validateReply } from './structured-output.js';
import { postJson } from './transport.js';
import type { TransportSettings } from './transport.js';
import type { LlmClient, LlmRequest, LlmResult } from './types.js';

export const ANTHROPIC_VERSION = '2023-06-01';

const replySchema = z.object({
  model: z.string().optional(),
  stop_reason: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string(), name: z.string().optional(), input: z.unknown().optional() })),
  usage: z.object({ input_tokens: z.unknown(), output_tokens: z.unknown() }).partial().nullish(),
});

function requestBody(config: ProviderConfig, request: LlmRequest<z.ZodObject>, tool: string): Record<string, unknown> {
  return {
    model: config.model,
    max_tokens: request.maxOutputTokens,
    system: request.system,
    messages: [{ role: 'user', content: request.user }],
    tools: [{ name: tool, description: 'Record the answer. Call exactly once.', input_schema: jsonSchemaOf(request.schema) }],
    tool_choice: { type: 'tool', name: tool },
  };
}

export function createAnthropicClient(config: ProviderConfig, s: TransportSettings): LlmClient {
  const url = `${config.baseUrl}/v1/messages`;
  const headers: Record<string, string> = { 'anthropic-version': ANTHROPIC_VERSION, ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}) };
  return {
    async complete<S extends z.ZodObject>(request: LlmRequest<S>): Promise<LlmResult<z.output<S>>> {
      const tool = schemaName(request);
      const outcome = await postJson(url, headers, requestBody(config, request, tool), request.timeoutMs, s);
      if (!outcome.ok) return outcome;
      const { retries } = outcome;
      const reply = replySchema.safeParse(outcome.body);
      if (!reply.success) return { ok: false, kind: 'malformed', message: 'reply is not a Messages API response', retries };
      if (reply.data.stop_reason === 'refusal') return { ok: false, kind: 'refused', message: 'provider refused (stop_reason refusal)', retries };
      const call = reply.data.content.find((block) => block.type === 'tool_use' && block.name === tool);
      if (!call) {
        if (reply.data.stop_reason === 'max_tokens') return { ok: false, kind: 'malformed', message: 'reply cut off at maxOutputTokens', retries };
        return { ok: false, kind: 'refused', message: `provider answered without calling the ${tool} tool`, retries };
      }
      const checked = validateReply(request.schema, call.input);
      if (!checked.ok) return { ...checked, retries };
      const usage = reply.data.usage ?? {};
      return {
        ok: true,
        value: checked.value,
        usage: { inputTokens: tokenCount(usage.input_tokens), outputTokens: tokenCount(usage.output_tokens) },
        model: reportedModel(reply.data.model, config.model),
        retries,
      };
    },
  };
}
