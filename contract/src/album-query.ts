import { z } from 'zod';
import {
  type AddedValue,
  type NumberRange,
  readAddedValue,
  readNumberRange,
  type ValueResult,
} from './album-query-values';

/**
 * Gatefold's album query language: free words, `field:value` terms, "quoted phrases", `-` to
 * negate, `OR` between two terms, brackets, and `,` for alternatives inside a value.
 * Terms side by side must all match; OR binds closer than that, as in mail search:
 * `genre:jazz OR genre:blues year:1960..` is (jazz or blues) and from 1960 on.
 */
export const QUERY_FIELDS = [
  'artist',
  'album',
  'genre',
  'tag',
  'folder',
  'year',
  'added',
  'tracks',
] as const;
export type QueryField = (typeof QUERY_FIELDS)[number];

/** A word or phrase as typed; matching folds case and accents. */
export type TextValue = { text: string; quoted: boolean };
/** A whole name, or with `*` at its end a prefix of one. */
export type NameValue = { name: string; prefix: boolean };

export type QueryTerm =
  | { kind: 'text'; value: TextValue }
  | { kind: 'artist' | 'album'; values: TextValue[] }
  | { kind: 'genre' | 'tag' | 'folder'; values: NameValue[] }
  | { kind: 'year' | 'tracks'; values: NumberRange[] }
  | { kind: 'added'; values: AddedValue[] };

export type QueryNode =
  | QueryTerm
  | { kind: 'all'; nodes: QueryNode[] }
  | { kind: 'any'; nodes: QueryNode[] }
  | { kind: 'not'; node: QueryNode };

/** What is wrong and where: `start` and `end` are offsets into the query text. */
export type QueryError = { message: string; start: number; end: number };

/**
 * A query read; `query` null means every album (a blank query). Punctuation between words is
 * skipped, and a query of punctuation alone matches nothing (an empty `any`), as no name holds it.
 */
export type ParsedQuery = { ok: true; query: QueryNode | null } | { ok: false; error: QueryError };

/** The longest query accepted. */
export const MAX_QUERY_LENGTH = 500;

type Token =
  | { kind: 'open' | 'close' | 'or' | 'minus'; start: number; end: number }
  | { kind: 'term'; term: QueryTerm; start: number; end: number };

class QuerySyntaxError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

export function parseAlbumQuery(text: string): ParsedQuery {
  if (text.length > MAX_QUERY_LENGTH) {
    return {
      ok: false,
      error: {
        message: `A query is at most ${MAX_QUERY_LENGTH} characters`,
        start: MAX_QUERY_LENGTH,
        end: text.length,
      },
    };
  }
  try {
    const tokens = tokenize(text);
    const query = new Parser(text, tokens).parseQuery();
    if (query === null && text.trim() !== '' && tokens.length === 0) {
      return { ok: true, query: { kind: 'any', nodes: [] } };
    }
    return { ok: true, query };
  } catch (error) {
    if (!(error instanceof QuerySyntaxError)) throw error;
    return { ok: false, error: { message: error.message, start: error.start, end: error.end } };
  }
}

/** The error's message with the place it points at, for a reader without the text box. */
export function describeQueryError(text: string, error: QueryError): string {
  const token = text.slice(error.start, error.end);
  const place = token === '' ? 'at the end' : `at character ${error.start + 1} ("${token}")`;
  return `${error.message} (${place})`;
}

/** A query as the API takes it (`q` of album lists): refused with the error's place if it does not parse. */
export const albumQueryText = z
  .string()
  .trim()
  .superRefine((text, context) => {
    const parsed = parseAlbumQuery(text);
    if (!parsed.ok)
      context.addIssue({ code: 'custom', message: describeQueryError(text, parsed.error) });
  });

const WHITESPACE = /\s/;
const HAS_WORD = /[\p{L}\p{N}]/u;
const FIELD = /^([A-Za-z]+):/;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    if (WHITESPACE.test(char)) {
      at += 1;
    } else if (char === '(' || char === ')') {
      tokens.push({ kind: char === '(' ? 'open' : 'close', start: at, end: at + 1 });
      at += 1;
    } else if (char === '-' && startsTerm(text.charAt(at + 1))) {
      tokens.push({ kind: 'minus', start: at, end: at + 1 });
      at += 1;
    } else {
      const token = readTerm(text, at);
      if (token.kind !== 'term' || keepsTerm(token.term)) tokens.push(token);
      at = token.end;
    }
  }
  return tokens;
}

/** A minus negates only what follows it at once ("- " and "--" are punctuation). */
function startsTerm(char: string): boolean {
  return char !== '' && char !== '-' && !WHITESPACE.test(char);
}

/** Punctuation on its own ("Artist – Album") matches nothing, so it asks for nothing. */
function keepsTerm(term: QueryTerm): boolean {
  return term.kind !== 'text' || HAS_WORD.test(term.value.text);
}

function readTerm(text: string, start: number): Token {
  if (text.charAt(start) === '"') {
    const { value, end } = readQuoted(text, start);
    return { kind: 'term', term: { kind: 'text', value }, start, end };
  }
  const field = FIELD.exec(text.slice(start));
  if (!field) {
    const end = bareEnd(text, start, false);
    const word = text.slice(start, end);
    if (word === 'OR') return { kind: 'or', start, end };
    return {
      kind: 'term',
      term: { kind: 'text', value: { text: word, quoted: false } },
      start,
      end,
    };
  }
  const name = (field[1] ?? '').toLowerCase();
  const valuesStart = start + field[0].length;
  if (!isQueryField(name)) {
    throw new QuerySyntaxError(
      `"${field[1]}" is not a field: use ${QUERY_FIELDS.join(', ')}, or put text with a colon in quotes`,
      start,
      valuesStart - 1,
    );
  }
  const { values, end } = readValues(text, valuesStart, name);
  return { kind: 'term', term: fieldTerm(name, values), start, end };
}

function isQueryField(name: string): name is QueryField {
  return QUERY_FIELDS.some((field) => field === name);
}

type RawValue = { text: string; quoted: boolean; start: number; end: number };

/** `a,"b c",d` up to the first space or bracket outside quotes. */
function readValues(text: string, start: number, field: QueryField) {
  const values: RawValue[] = [];
  let at = start;
  for (;;) {
    if (text.charAt(at) === '"') {
      const { value, end } = readQuoted(text, at);
      values.push({ ...value, start: at, end });
      at = end;
    } else {
      const end = bareEnd(text, at, true);
      if (end === at) {
        const where =
          values.length === 0 ? `${field}: needs a value` : 'Put a value after the comma';
        throw new QuerySyntaxError(where, start - field.length - 1, at);
      }
      values.push({ text: text.slice(at, end), quoted: false, start: at, end });
      at = end;
    }
    if (text.charAt(at) !== ',') return { values, end: at };
    at += 1;
  }
}

function readQuoted(text: string, start: number): { value: TextValue; end: number } {
  const close = text.indexOf('"', start + 1);
  if (close === -1) {
    throw new QuerySyntaxError('Close the quote', start, text.length);
  }
  return { value: { text: text.slice(start + 1, close), quoted: true }, end: close + 1 };
}

/** Where a bare word ends: at a space or a bracket, and inside a field's value at a comma. */
function bareEnd(text: string, start: number, inValue: boolean): number {
  let at = start;
  while (at < text.length) {
    const char = text.charAt(at);
    if (WHITESPACE.test(char) || char === '(' || char === ')') break;
    if (inValue && (char === ',' || char === '"')) break;
    at += 1;
  }
  return at;
}

function fieldTerm(field: QueryField, raw: RawValue[]): QueryTerm {
  switch (field) {
    case 'artist':
    case 'album':
      return { kind: field, values: raw.map(({ text, quoted }) => ({ text, quoted })) };
    case 'genre':
    case 'tag':
    case 'folder':
      return { kind: field, values: raw.map(nameValue) };
    case 'year':
      return { kind: field, values: raw.map((value) => read(value, yearRange)) };
    case 'tracks':
      return { kind: field, values: raw.map((value) => read(value, trackRange)) };
    case 'added':
      return { kind: field, values: raw.map((value) => read(value, readAddedValue)) };
  }
}

function nameValue({ text, quoted }: RawValue): NameValue {
  if (!quoted && text.endsWith('*')) return { name: text.slice(0, -1), prefix: true };
  return { name: text, prefix: false };
}

const yearRange = (text: string) => readNumberRange(text, /^\d{4}$/, 'year');
const trackRange = (text: string) => readNumberRange(text, /^\d{1,4}$/, 'number of tracks');

function read<T>(value: RawValue, reader: (text: string) => ValueResult<T>): T {
  const result = reader(value.text);
  if (!result.ok) throw new QuerySyntaxError(result.message, value.start, value.end);
  return result.value;
}

class Parser {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  parseQuery(): QueryNode | null {
    const nodes = this.parseAll();
    const stray = this.tokens[this.at];
    if (stray) throw new QuerySyntaxError('This ) closes no bracket', stray.start, stray.end);
    return joined('all', nodes);
  }

  /** Terms side by side, up to a closing bracket or the end. */
  private parseAll(): QueryNode[] {
    const nodes: QueryNode[] = [];
    for (let token = this.peek(); token && token.kind !== 'close'; token = this.peek()) {
      nodes.push(this.parseAny());
    }
    return nodes;
  }

  private parseAny(): QueryNode {
    const first = this.parseOne();
    const others: QueryNode[] = [];
    for (let token = this.peek(); token?.kind === 'or'; token = this.peek()) {
      this.at += 1;
      const next = this.peek();
      if (!next || next.kind === 'close' || next.kind === 'or') {
        throw new QuerySyntaxError('OR needs a term after it', token.start, token.end);
      }
      others.push(this.parseOne());
    }
    return others.length === 0 ? first : { kind: 'any', nodes: [first, ...others] };
  }

  private parseOne(): QueryNode {
    const token = this.next();
    switch (token.kind) {
      case 'term':
        return token.term;
      case 'minus': {
        const next = this.peek();
        if (!next || next.kind === 'close' || next.kind === 'or') {
          throw new QuerySyntaxError('- needs a term right after it', token.start, token.end);
        }
        return { kind: 'not', node: this.parseOne() };
      }
      case 'open': {
        const nodes = this.parseAll();
        const close = this.peek();
        if (!close) throw new QuerySyntaxError('Close the bracket', token.start, this.text.length);
        this.at += 1;
        const group = joined('all', nodes);
        if (!group)
          throw new QuerySyntaxError('Put a term inside the brackets', token.start, close.end);
        return group;
      }
      case 'or':
        throw new QuerySyntaxError('OR needs a term before it', token.start, token.end);
      case 'close':
        throw new QuerySyntaxError('This ) closes no bracket', token.start, token.end);
    }
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token {
    const token = this.tokens[this.at];
    if (!token)
      throw new QuerySyntaxError('The query ends too soon', this.text.length, this.text.length);
    this.at += 1;
    return token;
  }
}

/** One node stands for itself; none is no condition. */
function joined(kind: 'all' | 'any', nodes: QueryNode[]): QueryNode | null {
  if (nodes.length === 0) return null;
  if (nodes.length === 1) return nodes[0] ?? null;
  return { kind, nodes };
}
