import { parseAlbumQuery, type QueryField, type QueryNode, type QueryTerm } from './album-query';
import type { AddedValue, NumberRange } from './album-query-values';

/**
 * The smart-folder dialog's rule builder: a query as rows of (field, is / is not, value) joined
 * by all or any. Only queries of that shape have rules; others are edited as text.
 */
export type RuleField = QueryField | 'text';
export type QueryRule = { field: RuleField; negated: boolean; value: string };
export type QueryRules = { match: 'all' | 'any'; rules: QueryRule[] };

/** The rules a query is, or null when it is not a flat list of (negated) terms. */
export function rulesFromQuery(text: string): QueryRules | null {
  const parsed = parseAlbumQuery(text);
  if (!parsed.ok) return null;
  const { query } = parsed;
  if (query === null) return { match: 'all', rules: [] };
  const match = query.kind === 'any' ? 'any' : 'all';
  const nodes = query.kind === 'all' || query.kind === 'any' ? query.nodes : [query];
  const rules: QueryRule[] = [];
  for (const node of nodes) {
    const rule = ruleOf(node);
    if (rule === null) return null;
    rules.push(rule);
  }
  return { match, rules };
}

function ruleOf(node: QueryNode): QueryRule | null {
  if (node.kind === 'not') {
    const inner = ruleOf(node.node);
    return inner && !inner.negated ? { ...inner, negated: true } : null;
  }
  if (node.kind === 'all' || node.kind === 'any') return null;
  return { field: node.kind, negated: false, value: valueText(node) };
}

/** A term's value written back as the language reads it. */
function valueText(term: QueryTerm): string {
  switch (term.kind) {
    case 'text':
      return quoted(term.value.text, term.value.quoted);
    case 'artist':
    case 'album':
      return term.values.map((value) => quoted(value.text, value.quoted)).join(',');
    case 'genre':
    case 'tag':
    case 'folder':
      return term.values
        .map((value) =>
          value.prefix ? `${value.name}*` : quoted(value.name, /[\s,]/.test(value.name)),
        )
        .join(',');
    case 'year':
    case 'tracks':
      return term.values.map(rangeText).join(',');
    case 'added':
      return term.values.map(addedText).join(',');
  }
}

const quoted = (text: string, quote: boolean) => (quote ? `"${text}"` : text);

function rangeText({ min, max }: NumberRange): string {
  if (min !== null && min === max) return String(min);
  return `${min ?? ''}..${max ?? ''}`;
}

function addedText(value: AddedValue): string {
  switch (value.kind) {
    case 'within':
      return `<${value.amount}${value.unit}`;
    case 'before':
      return `>${value.amount}${value.unit}`;
    case 'dates':
      return value.from !== null && value.from === value.to
        ? value.from
        : `${value.from ?? ''}..${value.to ?? ''}`;
  }
}

const spacedInQuotes = (text: string) => (/\s/.test(text) ? `"${text}"` : text);

/**
 * A value as typed in a rule, written so the language reads it as meant: words with spaces are
 * one phrase or name, and each of a field's `,` alternatives is quoted on its own
 * (`hip hop,jazz` → `"hip hop",jazz`). A value already quoted is taken as written.
 */
function safeValue(field: RuleField, written: string): string {
  if (written.includes('"')) return written;
  if (field === 'text') return spacedInQuotes(written);
  return written
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map(spacedInQuotes)
    .join(',');
}

/** The query the rules write; rows without a value are left out. */
export function queryFromRules({ match, rules }: QueryRules): string {
  const terms = rules.flatMap(({ field, negated, value }) => {
    const written = safeValue(field, value.trim());
    if (written === '') return [];
    return [`${negated ? '-' : ''}${field === 'text' ? '' : `${field}:`}${written}`];
  });
  return terms.join(match === 'any' ? ' OR ' : ' ');
}
