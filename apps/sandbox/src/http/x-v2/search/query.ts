/**
 * X's search query language, the practical subset: words, "exact phrases", #hashtags, @mentions,
 * from:, to:, lang:, is:reply|retweet|quote|verified, has:hashtags|mentions|links|media, -negation,
 * OR (AND binds tighter, as on X) and parentheses.
 */
export type Atom =
  | { kind: 'word' | 'phrase' | 'hashtag' | 'mention' | 'from' | 'to' | 'lang'; value: string }
  | { kind: 'is' | 'has'; value: string };

export type QueryNode =
  | { type: 'and' | 'or'; children: QueryNode[] }
  | { type: 'not'; child: QueryNode }
  | { type: 'atom'; atom: Atom };

export class QueryError extends Error {
  constructor(message: string, position: number) {
    super(`There were errors processing your request: ${message} (at position ${position + 1})`);
  }
}

const OPERATORS = new Set(['from', 'to', 'lang', 'is', 'has']);
const IS = new Set(['reply', 'retweet', 'quote', 'verified']);
const HAS = new Set(['hashtags', 'mentions', 'links', 'media']);

interface Token {
  text: string;
  at: number;
  quoted: boolean;
}

function lex(query: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(")([^"]*)("?)|([()])|(-)(?=[^\s)])|([^\s()"]+))/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(query)) && match[0].length > 0) {
    const at = match.index + match[0].length - match[0].trimStart().length;
    if (match[1]) {
      if (!match[3]) throw new QueryError('Unclosed quotation mark', at);
      tokens.push({ text: match[2]!, at, quoted: true });
    } else tokens.push({ text: match[4] ?? match[5] ?? match[6]!, at, quoted: false });
  }
  return tokens;
}

function atomOf(token: Token): Atom {
  if (token.quoted) return { kind: 'phrase', value: token.text.toLowerCase().replace(/\s+/g, ' ').trim() };
  const text = token.text;
  if (text.startsWith('#') && text.length > 1) return { kind: 'hashtag', value: text.slice(1).toLowerCase() };
  if (text.startsWith('@') && text.length > 1) return { kind: 'mention', value: text.slice(1).toLowerCase() };
  const colon = text.indexOf(':');
  if (colon > 0 && colon < text.length - 1 && !text.includes('//')) {
    const name = text.slice(0, colon).toLowerCase();
    const value = text
      .slice(colon + 1)
      .toLowerCase()
      .replace(/^@/, '');
    if (!OPERATORS.has(name)) throw new QueryError(`Reference to invalid operator '${name}'`, token.at);
    if ((name === 'is' && !IS.has(value)) || (name === 'has' && !HAS.has(value)))
      throw new QueryError(`Reference to invalid field '${value}'`, token.at + colon + 1);
    return { kind: name as Atom['kind'], value };
  }
  return { kind: 'word', value: text.toLowerCase() };
}

/** Parses a query into a tree, or throws QueryError with X's wording and a 1-based position. */
export function parseQuery(query: string): QueryNode {
  const tokens = lex(query);
  let k = 0;
  const or = (): QueryNode => {
    const branches = [and()];
    while (tokens[k]?.text === 'OR' && !tokens[k]!.quoted) {
      k++;
      branches.push(and());
    }
    return branches.length === 1 ? branches[0]! : { type: 'or', children: branches };
  };
  const and = (): QueryNode => {
    const start = tokens[k]?.at ?? query.length;
    const children: QueryNode[] = [];
    while (k < tokens.length && tokens[k]!.text !== ')' && !(tokens[k]!.text === 'OR' && !tokens[k]!.quoted))
      children.push(unary());
    if (children.length === 0) throw new QueryError('Expected a search term', start);
    if (children.every((c) => c.type === 'not'))
      throw new QueryError('Rules must contain a non-negation term', start);
    return children.length === 1 ? children[0]! : { type: 'and', children };
  };
  const unary = (): QueryNode => {
    const token = tokens[k++]!;
    if (token.text === '-' && !token.quoted) return { type: 'not', child: unary() };
    if (token.text === '(' && !token.quoted) {
      const inner = or();
      if (tokens[k]?.text !== ')') throw new QueryError('Missing closing parenthesis', token.at);
      k++;
      return inner;
    }
    return { type: 'atom', atom: atomOf(token) };
  };
  const tree = or();
  if (k < tokens.length) throw new QueryError(`Unexpected '${tokens[k]!.text}'`, tokens[k]!.at);
  return tree;
}
