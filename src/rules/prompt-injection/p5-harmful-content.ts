import { eachMatch } from '../../analysis/kernel.js';
import { placeOf } from '../../analysis/placement.js';
import { viewsOf } from '../../analysis/views.js';
import { downgradeHit } from '../kit/scan-helpers.js';
import type { RuleHit } from '../types.js';
import { defineRule } from '../types.js';
import { inStringLiteral } from './addressee.js';
import { textViews, type TextView } from './context.js';

// Harmful-content recipes. A bare agent/weapon name is weak evidence (0.7) that the surrounding text
// moves up (instructional 0.95) or down (warning 0.2, educational 0.3); anything under 0.5 is dropped.
const DROP_BELOW = 0.5;
const MAX_HITS = 200;

const QUAL = String.raw`(?:(?:a|an|some|the|homemade|home-made|simple|powerful|deadly|lethal|improvised|working|real|small|large|your\s+own|untraceable|crude)\s+){0,3}`;
const HOW = String.raw`(?:how\s+(?:to|do\s+(?:i|you)|can\s+(?:i|you|we)|would\s+(?:i|you))|steps?\s+(?:to|for)|instructions?\s+(?:to|for)|guide\s+(?:to|for)|recipe\s+for|(?:best|easiest|fastest|quickest|cheapest|simplest)\s+way\s+to|ways?\s+to|help\s+me|teach\s+me\s+(?:how\s+)?to|tell\s+me\s+how\s+to|explain\s+how\s+to)`;
const MAKE = String.raw`(?:make|making|build|building|create|synthesi[sz]e|synthesi[sz]ing|cook|cooking|produce|manufacture|assemble|brew|extract|weaponi[sz]e|grow|culture|obtain)`;
const WEAPON = String.raw`(?:bombs?|pipe\s+bombs?|explosives?|ieds?|molotov(?:\s+cocktails?)?|napalm|thermite|nerve\s+(?:agents?|gas)|sarin|soman|tabun|ricin|abrin|vx(?:\s+gas)?|novichok|mustard\s+gas|chlorine\s+gas|phosgene|meth(?:amphetamine)?|fentanyl|poisons?|bio-?weapons?|biological\s+weapons?|chemical\s+weapons?|dirty\s+bombs?|ghost\s+guns?|silencers?|suppressors?|anthrax|tatp|hmtd|acetone\s+peroxide|nitroglycerin)`;
const VICTIM = String.raw`(?:(?:someone|somebody|a\s+(?:person|human|man|woman|child|kid|baby)|people|my\s+(?:wife|husband|partner|girlfriend|boyfriend|boss|neighbou?r|mother|father|mom|dad|family|ex|coworker|co-worker|teacher|friend|sister|brother)))(?!\s+(?:process|processes|thread|task|job|node|pod|container|window)\b)`;

interface Matcher {
  re: RegExp;
  label: string;
  base: number;
  /** Recipe phrasing is instructional by construction; bare names need an instructional context. */
  recipe: boolean;
  /** Phrased as a request ("how do I make …"): in a code sample's string it is a test input, not content. */
  request?: boolean;
}

const MATCHERS: readonly Matcher[] = [
  { re: new RegExp(String.raw`\b${HOW}\s+${MAKE}\s+${QUAL}${WEAPON}\b`, 'gi'), label: 'Weapon or drug manufacturing instructions', base: 0.9, recipe: true, request: true },
  {
    re: /\b(?:mix|mixing|combine|combining|add|adding|pour|pouring)\s+(?:(?:some|the|household|chlorine)\s+){0,2}(?:bleach|ammonia)\s+(?:and|with|to|into|\+)\s+(?:(?:some|the|household)\s+){0,2}(?:ammonia|bleach|vinegar|rubbing\s+alcohol|acid|hydrogen\s+peroxide)\b|\b(?:bleach|ammonia)\s*\+\s*(?:ammonia|bleach)\b/gi,
    label: 'Toxic gas recipe (bleach mixtures)',
    base: 0.9,
    recipe: true,
  },
  { re: new RegExp(String.raw`\b${HOW}\s+(?:kill|murder|poison|strangle|assassinate|suffocate|drown)\s+${VICTIM}\b`, 'gi'), label: 'Instructions to kill a person', base: 0.9, recipe: true, request: true },
  {
    re: new RegExp(String.raw`\b(?:${HOW}|painless\s+ways?\s+to|methods?\s+(?:of|for|to))\s+(?:kill\s+(?:yourself|myself|oneself)|commit\s+suicide|end\s+(?:my|your)\s+(?:own\s+)?life|hurt\s+(?:yourself|myself)|cut\s+(?:yourself|myself)|self[\s-]harm|overdose)\b`, 'gi'),
    label: 'Self-harm method request',
    base: 0.9,
    recipe: true,
    request: true,
  },
  {
    re: /\b(?:encourage|tell|convince|urge|persuade|push)\s+(?:the\s+)?(?:user|users|them|people)\s+to\s+(?:kill\s+themselves|commit\s+suicide|self[\s-]harm|hurt\s+themselves|end\s+their\s+(?:own\s+)?li(?:fe|ves)|starve\s+themselves)\b/gi,
    label: 'Instruction to encourage self-harm',
    base: 0.95,
    recipe: true,
  },
  { re: new RegExp(String.raw`\b(?:untraceable|undetectable)\s+poisons?\b|\bpoison\s+${VICTIM}\s+without\b`, 'gi'), label: 'Covert poisoning', base: 0.9, recipe: true },
  {
    re: /\b(?:ricin|abrin|sarin|soman|tabun|novichok|vx\s+(?:nerve\s+)?(?:agent|gas)|nerve\s+agents?|mustard\s+gas|tetrodotoxin|strychnine|thallium\s+(?:sulfate|sulphate)|polonium-?210|(?:potassium|sodium|hydrogen)\s+cyanide|arsenic\s+trioxide|botulinum\s+toxin|anthrax\s+spores|tatp|hmtd|acetone\s+peroxide|pipe\s+bombs?|napalm|(?:lethal|fatal)\s+dose\s+of)\b/gi,
    label: 'Harmful agent or weapon named',
    base: 0.7,
    recipe: false,
  },
];

const KEYWORDS = [
  'bomb', 'explosive', 'ied', 'molotov', 'napalm', 'thermite', 'nerve', 'sarin', 'soman', 'tabun', 'ricin', 'abrin', 'vx',
  'novichok', 'mustard', 'chlorine', 'phosgene', 'meth', 'fentanyl', 'poison', 'weapon', 'ghost gun', 'silencer', 'suppressor',
  'anthrax', 'tatp', 'hmtd', 'peroxide', 'nitroglycerin', 'bleach', 'ammonia', 'kill', 'murder', 'strangle', 'assassinate',
  'suffocate', 'drown', 'suicide', 'hurt', 'cut yourself', 'cut myself', 'self-harm', 'self harm', 'overdose', 'end my', 'end your',
  'end their', 'starve', 'untraceable', 'undetectable', 'tetrodotoxin', 'strychnine', 'thallium', 'polonium', 'cyanide',
  'arsenic', 'botulinum', 'dose',
];

const STRONG_INSTRUCTION =
  /\b(?:step\s*\d|\d+(?:\.\d+)?\s*(?:g|grams?|mg|kg|ml|litres?|liters?|oz|ounces?|cups?|tablespoons?|teaspoons?|drops?)\b|synthesi[sz]|recipe|ingredients?|precursors?|reflux|distil|purif(?:y|ied|ication)|undetectable|untraceable|without\s+(?:getting\s+caught|being\s+(?:caught|detected|noticed))|detonat|shrapnel|to\s+(?:produce|make|create|generate|release)\s+(?:a\s+)?(?:toxic|poisonous|deadly|lethal|chlorine|chloramine)|in\s+a\s+(?:closed|sealed|small|enclosed)\s+(?:room|space|container))/i;
const WARNING =
  /\b(?:warning|caution|danger|hazard|emergency|poison\s+control|call\s+(?:911|999|112)|seek\s+(?:immediate\s+)?(?:medical\s+)?(?:help|attention|care)|crisis|hotline|helpline|lifeline|988|samaritans|suicide\s+prevention|if\s+you(?:'re|\s+are)\s+(?:struggling|thinking|having\s+thoughts)|(?:is|are|can\s+be|becomes?)\s+(?:very\s+|extremely\s+|highly\s+)?(?:dangerous|toxic|deadly|fatal|lethal|harmful|poisonous)|(?:produces?|releases?|creates?|forms?|generates?)\s+(?:a\s+)?(?:toxic|poisonous|dangerous|harmful|deadly))\b/i;
const NEGATION_BEFORE = /\b(?:never|not|don'?t|avoid|refuse\s+to|decline\s+to|must\s+not|should\s+not|do\s+not)\b[^.!?;\n]{0,50}$/i;
const EDUCATIONAL =
  /\b(?:history|historical(?:ly)?|was\s+used\s+(?:in|by|during)|were\s+used|world\s+war|treaty|convention|banned\s+under|symptoms?|treatment|antidote|first\s+aid|exposure|toxicology|mechanism|inhibits?|encyclop(?:a)?edia|wikipedia|overview|research|studies|case\s+study|museum|novel|fiction|documentary|lecture|textbook|classified\s+as|schedule\s+(?:1|i)|opcw|cdc|poisoning\s+cases?|assassination\s+of|in\s+(?:1[89]|20)\d\d)\b/i;
const WEAK_INSTRUCTION =
  /\b(?:how\s+to|make|build|mix|combine|produce|obtain|extract|prepare|cook|brew|assemble|acquire|buy|order|administer|deploy|disperse|spray|inject|add\s+it|use\s+it\s+to|steps?)\b/i;

function lineStartBefore(seg: string, pos: number): number {
  return pos <= 0 ? 0 : seg.lastIndexOf('\n', pos - 1) + 1;
}

/** The clause before the match, and the match with one neighbouring line each side (each side capped at 300 chars). */
function contextAround(view: TextView, offset: number, length: number, line: number): { before: string; around: string } {
  const from = Math.max(0, offset - 300);
  const seg = view.text.slice(from, Math.min(view.text.length, offset + length + 300));
  const head = offset - from;
  const start = lineStartBefore(seg, lineStartBefore(seg, head) - 1);
  const nl = seg.indexOf('\n', head + length);
  const nl2 = nl === -1 ? -1 : seg.indexOf('\n', nl + 1);
  const around = seg.slice(start, nl2 === -1 ? seg.length : nl2);
  return { before: view.text.slice(Math.max(view.index.lineStart(line), offset - 120), offset), around };
}

function score(m: Matcher, before: string, around: string): number {
  if (STRONG_INSTRUCTION.test(around)) return 0.95;
  if (NEGATION_BEFORE.test(before) || WARNING.test(around)) return 0.2;
  if (EDUCATIONAL.test(around)) return 0.3;
  if (m.recipe || WEAK_INSTRUCTION.test(around)) return Math.max(m.base, 0.95);
  return m.base;
}

export const p5 = defineRule({
  kind: 'custom',
  meta: {
    id: 'P5',
    category: 'Prompt Injection',
    severity: 'CRITICAL',
    confidence: 0.7,
    title: 'Harmful Content Instructions',
    description:
      'Recipes for weapons, explosives, chemical or biological agents, drugs, toxic-gas mixtures, killing a person, or self-harm, or instructions to encourage self-harm. Instructional context (quantities, steps, synthesis, evasion) raises confidence to 0.95; warnings (0.2) and educational or historical text (0.3) lower it, and anything under 0.5 is not reported. A skill that carries such content turns the agent into a delivery mechanism. A request phrasing ("how do I make …") inside a string of a fenced code sample, with no recipe detail around it, is a moderation model\'s test input and is lowered like a quoted example; recipe content stays CRITICAL wherever it sits.',
    remediation:
      'Remove the harmful content. Safety information (what never to mix, crisis resources) should be phrased as a warning, not as steps.',
  },
  check({ file, views }) {
    const shared = views ?? viewsOf(file.text);
    const hits: RuleHit[] = [];
    const hitLines = new Set<number>();
    for (const view of textViews(file.text)) {
      if (!view.keywords.any(KEYWORDS)) continue;
      for (const m of MATCHERS) {
        // The shared kernel: it runs the regex only where its words occur, and honours the deadline.
        eachMatch(view.text, m.re, (r) => {
          if (hits.length >= MAX_HITS) return false;
          const line = view.index.lineOf(r.index);
          // A bare name on a line that already holds a recipe, or a derived-view repeat, adds nothing.
          if ((view.derived || !m.recipe) && hitLines.has(line)) return undefined;
          const { before, around } = contextAround(view, r.index, r[0].length, line);
          const confidence = score(m, before, around);
          if (confidence < DROP_BELOW) return undefined;
          hitLines.add(line);
          const column = r.index - view.index.lineStart(line);
          const hit: RuleHit = {
            line,
            column,
            matched: r[0],
            label: m.label,
            confidence,
            ...(view.derived ? { tags: ['normalized-view'] } : {}),
          };
          const rawIndex = shared.raw.index;
          const place = placeOf(file, rawIndex, line);
          const sample =
            m.request === true &&
            (place === 'manifest-code' || place === 'doc-code') &&
            inStringLiteral(view.index.lineText(line), column) &&
            !STRONG_INSTRUCTION.test(around);
          hits.push(sample ? downgradeHit(file, rawIndex, hit, 'quoted-example', { severity: 'CRITICAL', confidence }) : hit);
          return undefined;
        });
      }
    }
    return hits;
  },
});
