// The Python extractor: one walk builds the file model, the taint fixpoint runs over its assignments,
// then calls become CallFacts and loops/sockets become patterns.
import type { BehaviourFacts } from '../facts.js';
import type { CodeNode as SyntaxNode } from '../code-tree.js';
import type { CodeLanguage } from '../parser.js';
import { collect } from './collect.js';
import { NetworkSplit } from './network.js';
import { reverseShells, runawayLoops } from './patterns.js';
import { reflectiveFacts } from './reflect.js';
import { callFacts } from './sinks.js';
import type { CallerSite } from './sinks.js';
import { Sources } from './sources.js';
import { Taint } from './taint.js';

export function extractPython(root: SyntaxNode, language: CodeLanguage): BehaviourFacts {
  const { model, imports, resolver, values } = collect(root);
  const sources = new Sources(model, resolver, values, (name) => imports.names.get(name));
  const taint = new Taint(model, resolver, sources);
  taint.run();
  const callers = new Map<number, CallerSite[]>();
  for (const site of model.calls) {
    for (const { scope, offset } of taint.localTargets(site.node.childForFieldName('function'))) {
      let list = callers.get(scope.id);
      if (!list) callers.set(scope.id, (list = []));
      list.push({ ...site, offset });
    }
  }
  const network = new NetworkSplit(model, resolver, taint, values);
  return {
    language,
    calls: callFacts({ model, resolver, values, taint, network, sources, callers }),
    reflective: reflectiveFacts(model, resolver, values),
    patterns: [...reverseShells(model, resolver, values), ...runawayLoops(model, resolver)],
  };
}
