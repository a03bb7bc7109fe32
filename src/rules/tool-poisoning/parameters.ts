// Parameter declarations in the frontmatter, in the shapes skills and MCP-style manifests use:
// a list of {name, description, default}, a map of name → spec, or a JSON-schema `properties` map.
export interface ParamSpec {
  name: string;
  description?: string;
  default?: string;
}

const MAX_PARAMS = 1_024;

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function fromSpec(name: string, spec: unknown, out: ParamSpec[]): void {
  if (out.length >= MAX_PARAMS || spec === null || typeof spec !== 'object' || Array.isArray(spec)) return;
  const s = spec as Record<string, unknown>;
  const p: ParamSpec = { name: scalar(s.name) ?? name };
  const description = scalar(s.description);
  const dflt = scalar(s.default);
  if (description !== undefined) p.description = description;
  if (dflt !== undefined) p.default = dflt;
  out.push(p);
}

function collect(container: unknown, out: ParamSpec[]): void {
  if (Array.isArray(container)) {
    container.slice(0, MAX_PARAMS).forEach((spec, i) => fromSpec(`param[${i}]`, spec, out));
  } else if (container !== null && typeof container === 'object') {
    for (const [name, spec] of Object.entries(container as Record<string, unknown>).slice(0, MAX_PARAMS)) fromSpec(name, spec, out);
  }
}

export function parametersOf(data: Record<string, unknown>): ParamSpec[] {
  const out: ParamSpec[] = [];
  for (const key of ['parameters', 'params', 'arguments', 'args', 'inputs']) collect(data[key], out);
  for (const key of ['input_schema', 'inputSchema', 'input-schema']) {
    const schema = data[key];
    if (schema && typeof schema === 'object' && !Array.isArray(schema)) collect((schema as Record<string, unknown>).properties, out);
  }
  return out.slice(0, MAX_PARAMS);
}
