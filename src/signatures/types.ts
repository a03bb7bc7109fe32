// The YARA-subset signature engine: shared shapes of parsed rules (CONTRACT §12). No dependency on
// rules, stages or adapters, so the engine and the rule registry can import it without cycles.

export type MetaValue = string | number | boolean;

export interface TextString {
  kind: 'text';
  id: string; // '$name'
  bytes: Uint8Array; // unescaped literal, before wide/nocase
  nocase: boolean;
  wide: boolean;
  ascii: boolean; // true when `ascii` was given or `wide` was not (YARA default)
  fullword: boolean;
  line: number;
}

/** One hex token: a byte with a mask (0xff exact, 0x00 `??`, 0xf0/0x0f nibble wildcards) or a jump. */
export type HexToken = { t: 'byte'; value: number; mask: number } | { t: 'jump'; min: number; max: number };

export interface HexString {
  kind: 'hex';
  id: string;
  tokens: HexToken[];
  line: number;
}

export interface RegexString {
  kind: 'regex';
  id: string;
  source: string; // as written between the slashes
  nocase: boolean; // `/…/i` or `nocase`
  dotall: boolean; // `/…/s`
  fullword: boolean;
  line: number;
}

export type StringDef = TextString | HexString | RegexString;

export type Expr =
  | { k: 'bool'; value: boolean }
  | { k: 'int'; value: number }
  | { k: 'filesize' }
  | { k: 'found'; id: string } // $a
  | { k: 'count'; id: string } // #a
  | { k: 'at'; id: string; offset: Expr } // $a at N
  | { k: 'in'; id: string; lo: Expr; hi: Expr } // $a in (lo..hi)
  | { k: 'not'; e: Expr }
  | { k: 'and' | 'or'; l: Expr; r: Expr }
  | { k: 'cmp'; op: '<' | '<=' | '>' | '>=' | '==' | '!='; l: Expr; r: Expr }
  | { k: 'of'; quant: 'any' | 'all' | 'none' | number; ids: string[] };

export interface RuleDef {
  name: string;
  tags: string[];
  meta: Record<string, MetaValue>;
  strings: StringDef[];
  condition: Expr;
  file: string;
  line: number;
}
