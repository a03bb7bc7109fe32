// `/chat/completions` for OpenAI and every server that speaks its dialect (NVIDIA build, Ollama, vLLM).
// Structured output asks for a strict json_schema; a server that rejects that with 400 gets the same
// request once more in json_object mode, and the client remembers so later calls skip the failing one.
import { z } from 'zod';
import type { ProviderConfig } from './provider-config.js';
import { redactKey } from './redact.js';
import { jsonSchemaOf, parseJsonText, reportedModel, schemaName, tokenCount, validateReply } from './structured-output.js';
import { postJson } from './transport.js';
import type { TransportSettings } from './transport.js';
import type { LlmClient, LlmRequest, LlmResult } from './types.js';

const replySchema = z.object({
  model: z.string().optional(),
  choices: z
    .array(
      z.object({
        finish_reason: z.string().nullish(),
        message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: z.unknown(), completion_tokens: z.unknown() }).partial().nullish(),
});

type Mode = 'json_schema' | 'json_object';

function requestBody(config: ProviderConfig, request: LlmRequest<z.ZodObject>, mode: Mode): Record<string, unknown> {
  const schema = jsonSchemaOf(request.schema);
  // json_object mode carries no schema, so the prompt states it (OpenAI also insists the prompt says "JSON").
  const system =
    mode === 'json_schema' ? request.system : `${request.system}\n\nReply with one JSON object that matches this JSON Schema:\n${JSON.stringify(schema)}`;
  return {
    model: config.model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: request.user },
    ],
    // OpenAI's newer models accept only max_completion_tokens; compatible servers know max_tokens.
    [config.provider === 'openai' ? 'max_completion_tokens' : 'max_tokens']: request.maxOutputTokens,
    response_format: mode === 'json_schema' ? { type: 'json_schema', json_schema: { name: schemaName(request), schema, strict: true } } : { type: 'json_object' },
  };
}

export function createOpenAiClient(config: ProviderConfig, s: TransportSettings): LlmClient {
  const url = `${config.baseUrl}/chat/completions`;
  const headers: Record<string, string> = config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {};
  let mode: Mode = 'json_schema';
  return {
    async complete<S extends z.ZodObject>(request: LlmRequest<S>): Promise<LlmResult<z.output<S>>> {
      let outcome = await postJson(url, headers, requestBody(config, request, mode), request.timeoutMs, s);
      let extra = 0;
      if (!outcome.ok && outcome.kind === 'http' && outcome.status === 400 && mode === 'json_schema') {
        mode = 'json_object';
        extra = outcome.retries + 1;
        outcome = await postJson(url, headers, requestBody(config, request, mode), request.timeoutMs, s);
      }
      const retries = outcome.retries + extra;
      if (!outcome.ok) return { ...outcome, retries };
      const reply = replySchema.safeParse(outcome.body);
      if (!reply.success) return { ok: false, kind: 'malformed', message: 'reply is not a chat completion', retries };
      const [choice] = reply.data.choices;
      if (!choice) return { ok: false, kind: 'malformed', message: 'reply has no choice', retries };
      const refusal = choice.message.refusal;
      if (refusal || choice.finish_reason === 'content_filter') {
        return { ok: false, kind: 'refused', message: redactKey(`provider refused${refusal ? `: ${refusal}` : ' (content filter)'}`, config.apiKey), retries };
      }
      const json = parseJsonText(choice.message.content ?? '');
      if (!json.ok) {
        const why = choice.finish_reason === 'length' ? 'reply cut off at maxOutputTokens' : 'reply content is not JSON';
        return { ok: false, kind: 'malformed', message: why, retries };
      }
      const checked = validateReply(request.schema, json.value);
      if (!checked.ok) return { ...checked, retries };
      const usage = reply.data.usage ?? {};
      return {
        ok: true,
        value: checked.value,
        usage: { inputTokens: tokenCount(usage.prompt_tokens), outputTokens: tokenCount(usage.completion_tokens) },
        model: reportedModel(reply.data.model, config.model),
        retries,
      };
    },
  };
}
