// A loopback stand-in for any LLM provider: it answers each request with the next scripted reply and
// records every request exactly as it arrived (method, path, headers, raw and parsed body), so tests can
// assert both what the client did with a reply and what it sent (later: that withheld content never leaves).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. Ignored when `rawBody` is set. */
  body?: unknown;
  /** Sent verbatim, for non-JSON or oversized replies. */
  rawBody?: string | Buffer;
  /** Wait this long before answering (headers included). */
  delayMs?: number;
  /** Stream the body in 64 KiB chunks without a content-length. */
  chunked?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  rawBody: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  body: unknown;
}

export interface FakeLlm {
  /** `http://127.0.0.1:<port>`; append `/v1` for OpenAI-style base URLs. */
  url: string;
  requests: RecordedRequest[];
  /** Queue more replies; they are used in order, one per request. */
  push(...replies: FakeReply[]): void;
  /**
   * Answer requests the script does not cover by looking at them (e.g. semantic vs meta calls); the
   * scripted queue still goes first. `reset` removes it.
   */
  respondWith(responder: ((request: RecordedRequest) => FakeReply) | undefined): void;
  /** Forget recorded requests, unused replies and the responder, so one server can serve many tests. */
  reset(): void;
  close(): Promise<void>;
}

/** Answer once the script runs out: loud, so a test that sends more requests than it planned notices. */
const UNSCRIPTED: FakeReply = { status: 599, body: { error: { message: 'fake-llm: no scripted reply left' } } };

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.destroyed) return;
  const payload = reply.rawBody ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  const bytes = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8');
  const headers: Record<string, string> = { 'content-type': 'application/json', ...reply.headers };
  if (!reply.chunked) headers['content-length'] = String(bytes.length);
  res.writeHead(reply.status ?? 200, headers);
  if (!reply.chunked) return void res.end(bytes);
  for (let i = 0; i < bytes.length && !res.destroyed; i += 64 * 1024) res.write(bytes.subarray(i, i + 64 * 1024));
  res.end();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function startFakeLlm(script: FakeReply[] = []): Promise<FakeLlm> {
  const queue = [...script];
  let responder: ((request: RecordedRequest) => FakeReply) | undefined;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const fake: FakeLlm = {
    url: '',
    requests: [],
    push: (...r) => void queue.push(...r),
    respondWith: (r) => void (responder = r),
    reset: () => {
      fake.requests.length = 0;
      queue.length = 0;
      responder = undefined;
    },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, body: parseJson(rawBody) };
      fake.requests.push(recorded);
      const reply = queue.shift() ?? responder?.(recorded) ?? UNSCRIPTED;
      if (!reply.delayMs) return send(res, reply);
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, reply);
      }, reply.delayMs);
      timers.add(timer);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const t of timers) clearTimeout(t);
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return fake;
}

/** A chat-completions reply whose message content is `content` as JSON (or a refusal when given). */
export function openAiReply(content: unknown, extra: { refusal?: string; finishReason?: string; model?: string } = {}): FakeReply {
  const message = extra.refusal !== undefined ? { role: 'assistant', content: null, refusal: extra.refusal } : { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) };
  return {
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      model: extra.model ?? 'fake-model',
      choices: [{ index: 0, message, finish_reason: extra.finishReason ?? 'stop' }],
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    },
  };
}

/** A Messages API reply that calls `tool` with `input`, or answers in text only when `tool` is null. */
export function anthropicReply(input: unknown, tool: string | null = 'reply', extra: { stopReason?: string; model?: string } = {}): FakeReply {
  const content = tool === null ? [{ type: 'text', text: 'I would rather not.' }] : [{ type: 'tool_use', id: 'toolu_fake', name: tool, input }];
  return {
    body: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: extra.model ?? 'fake-claude',
      content,
      stop_reason: extra.stopReason ?? (tool === null ? 'end_turn' : 'tool_use'),
      usage: { input_tokens: 200, output_tokens: 40 },
    },
  };
}
