import type { Document, Node as YamlNode } from 'yaml';
import { AppError } from '../../errors';
import { valueDeeperThan } from '../../json-depth';
import { loadYaml } from '../../lazy-modules';

/**
 * Caps on one untrusted YAML document (docs/design/0023-yaml-suite-format.md). Each bounds the
 * time or memory of a read: the parser's work grows with values, and its composer recurses once
 * per level of nesting.
 */
export interface YamlLimits {
  /** Nesting of sequences and mappings (block or flow). */
  maxDepth: number;
  /** Keys in one mapping. */
  maxKeysPerMap: number;
  /** Scalars and collections in the whole document. */
  maxNodes: number;
  /** Aliases the document may expand. */
  maxAliases: number;
  /** Wall-clock time of one read on its thread. */
  timeMs: number;
}

export const DEFAULT_YAML_LIMITS: YamlLimits = {
  maxDepth: 32,
  maxKeysPerMap: 1000,
  maxNodes: 100_000,
  maxAliases: 100,
  timeMs: 10_000,
};

/** The lexer's marker before every scalar; a flow collection starts at its bracket. */
const SCALAR = '\x1f';
/** How often (in lexemes) the collections being built are measured. */
const MEASURE_EVERY = 64;

const refuse = (detail: string) => new AppError('BAD_REQUEST', `Invalid YAML: ${detail}`);

/**
 * Parses untrusted YAML into plain values within `limits`, or throws a 400 whose detail names the
 * limit broken or the syntax error and its line. The caps are checked as the text is read, before
 * any recursive step runs: depth and keys from the parser's own stack of open collections, values
 * by counting scalars. Then the document is composed without the parser's duplicate-key check
 * (quadratic in the keys of a mapping) and checked for duplicates here, in linear time. Core
 * schema only: no custom tags, no merge keys.
 */
export function readBoundedYaml(text: string, limits: YamlLimits): unknown {
  const { Composer, Lexer, Parser } = loadYaml();
  const at = (offset: number) => position(text, offset);
  const parser = new Parser();
  const tokens = [];
  let nodes = 0;
  let lexemes = 0;
  const measure = () => {
    // The document and the value being read sit on the stack besides the collections.
    if (parser.stack.length > limits.maxDepth + 2) throw refuse(`nested deeper than ${limits.maxDepth} levels`);
    for (const token of parser.stack) {
      const isMap = token.type === 'block-map' || (token.type === 'flow-collection' && token.start.source === '{');
      if (isMap && token.items.length > limits.maxKeysPerMap)
        throw refuse(`a mapping has more than ${limits.maxKeysPerMap} keys (${at(token.offset)})`);
    }
  };
  for (const lexeme of new Lexer().lex(text)) {
    if ((lexeme === SCALAR || lexeme === '[' || lexeme === '{') && ++nodes > limits.maxNodes)
      throw refuse(`more than ${limits.maxNodes} values`);
    for (const token of parser.next(lexeme)) tokens.push(token);
    if (parser.stack.length > limits.maxDepth + 2 || ++lexemes % MEASURE_EVERY === 0) measure();
  }
  for (const token of parser.end()) tokens.push(token);

  const composer = new Composer({
    schema: 'core',
    merge: false,
    uniqueKeys: false,
    strict: true,
    customTags: [],
  });
  const docs = Array.from(composer.compose(tokens, true, text.length));
  if (docs.length !== 1) throw refuse('the file must hold exactly one document');
  const doc = docs[0]!;
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) throw refuse(`${problem.message.split('\n')[0]} (${at(problem.pos[0])})`);
  checkKeys(doc, limits, at);
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: limits.maxAliases });
  } catch (err) {
    throw refuse((err as Error).message.split('\n')[0]!);
  }
  // Aliases may nest what they repeat inside what they are in.
  if (valueDeeperThan(value, limits.maxDepth)) throw refuse(`nested deeper than ${limits.maxDepth} levels`);
  return value;
}

/** Keys must be plain scalars, unique in their mapping (as the strings they become), and few. */
function checkKeys(doc: Document.Parsed, limits: YamlLimits, at: (offset: number) => string): void {
  const { isMap, isPair, isScalar, isSeq } = loadYaml();
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isSeq(node)) stack.push(...node.items);
    if (!isMap(node)) continue;
    if (node.items.length > limits.maxKeysPerMap)
      throw refuse(`a mapping has more than ${limits.maxKeysPerMap} keys (${at(node.range?.[0] ?? 0)})`);
    const seen = new Set<string>();
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as YamlNode | null;
      if (key !== null && !isScalar(key))
        throw refuse(`mapping keys must be plain values (${at(key.range?.[0] ?? 0)})`);
      const name = String(key?.value ?? null);
      if (seen.has(name))
        throw refuse(`duplicate key ${JSON.stringify(name.slice(0, 80))} (${at(key?.range?.[0] ?? 0)})`);
      seen.add(name);
      stack.push(pair.value);
    }
  }
}

/** `line 3, column 7` of an offset (only on the way to an error: linear in the text before it). */
function position(text: string, offset: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${offset - start + 1}`;
}
