import { describe, expect, it } from 'vitest';
import { queryFromRules, rulesFromQuery } from './album-query-rules';

describe('rulesFromQuery', () => {
  it('reads terms side by side as all-of rules, negations as "is not"', () => {
    expect(rulesFromQuery('genre:jazz year:1955..1965 -tag:owned')).toEqual({
      match: 'all',
      rules: [
        { field: 'genre', negated: false, value: 'jazz' },
        { field: 'year', negated: false, value: '1955..1965' },
        { field: 'tag', negated: true, value: 'owned' },
      ],
    });
  });

  it('reads terms joined by OR as any-of rules, alternatives and phrases kept', () => {
    expect(rulesFromQuery('genre:jazz,"hip hop" OR added:<30d OR "kind of blue"')).toEqual({
      match: 'any',
      rules: [
        { field: 'genre', negated: false, value: 'jazz,"hip hop"' },
        { field: 'added', negated: false, value: '<30d' },
        { field: 'text', negated: false, value: '"kind of blue"' },
      ],
    });
  });

  it('has no rules for a blank query, and none for a nested or malformed one', () => {
    expect(rulesFromQuery('')).toEqual({ match: 'all', rules: [] });
    expect(rulesFromQuery('genre:jazz OR genre:soul year:1960')).toBeNull();
    expect(rulesFromQuery('-(a b)')).toBeNull();
    expect(rulesFromQuery('year:19x0')).toBeNull();
  });
});

describe('queryFromRules', () => {
  it('writes all-of rules side by side and any-of rules with OR, skipping empty rows', () => {
    expect(
      queryFromRules({
        match: 'all',
        rules: [
          { field: 'genre', negated: false, value: 'jazz' },
          { field: 'tag', negated: true, value: 'owned' },
          { field: 'artist', negated: false, value: '  ' },
        ],
      }),
    ).toBe('genre:jazz -tag:owned');
    expect(
      queryFromRules({
        match: 'any',
        rules: [
          { field: 'folder', negated: false, value: 'Late Night' },
          { field: 'tracks', negated: false, value: '>10' },
        ],
      }),
    ).toBe('folder:"Late Night" OR tracks:>10');
  });

  it('quotes each alternative with spaces on its own, so a list stays a list', () => {
    const rules = (field: 'genre' | 'text', value: string) => ({
      match: 'all' as const,
      rules: [{ field, negated: false, value }],
    });
    expect(queryFromRules(rules('genre', 'hip hop,jazz'))).toBe('genre:"hip hop",jazz');
    expect(queryFromRules(rules('genre', 'jazz , cool jazz'))).toBe('genre:jazz,"cool jazz"');
    expect(queryFromRules(rules('genre', '"hip hop",jazz'))).toBe('genre:"hip hop",jazz');
    expect(queryFromRules(rules('text', 'kind of blue'))).toBe('"kind of blue"');
    expect(queryFromRules(rules('genre', ' , ,'))).toBe('');
  });

  it('gives back the query the rules were read from', () => {
    for (const text of [
      'genre:jazz year:1955..1965 -tag:owned',
      'artist:miles OR added:2026-01..2026-06 OR tracks:5..8',
      'folder:"Late Night" tag:fav* year:..1970',
    ]) {
      const rules = rulesFromQuery(text);
      expect(rules).not.toBeNull();
      if (rules) expect(queryFromRules(rules)).toBe(text);
    }
  });
});
