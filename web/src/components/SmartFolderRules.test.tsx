import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/AppProviders';
import { SmartFolderRules } from './SmartFolderRules';

/** Answers every album list with a count that depends on the query, and records the queries. */
function fakeServer() {
  const asked: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    return new Response('[]', {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(q.length) },
    });
  });
  return asked;
}

function Editor({ initial }: { initial: string }) {
  const [query, setQuery] = useState(initial);
  return <SmartFolderRules query={query} onChange={setQuery} />;
}

function renderEditor(initial = '') {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Editor initial={initial} />
    </AppProviders>,
  );
}

const queryBox = () => screen.getByRole('textbox', { name: 'Query' });

describe('SmartFolderRules', () => {
  it('writes the query as rules are built', async () => {
    fakeServer();
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule 1 value' }), 'jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rule 2 field' }), 'Tag');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Rule 2 operator' }),
      'is not',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Rule 2 value' }), 'owned');
    expect(queryBox()).toHaveProperty('value', 'genre:jazz -tag:owned');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Albums that match' }),
      'any',
    );
    expect(queryBox()).toHaveProperty('value', 'genre:jazz OR -tag:owned');
    await userEvent.click(screen.getByRole('button', { name: 'Remove rule 2' }));
    expect(queryBox()).toHaveProperty('value', 'genre:jazz');
  });

  it('reads rules from the text as it is edited, and says when they cannot show it', async () => {
    fakeServer();
    renderEditor('genre:jazz');
    await userEvent.clear(queryBox());
    await userEvent.type(queryBox(), 'year:1955..1965 -tag:owned');
    const rules = screen.getByRole('list', { name: 'Rules' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Rule 1 value' })).toHaveProperty(
      'value',
      '1955..1965',
    );
    expect(screen.getByRole('combobox', { name: 'Rule 2 operator' })).toHaveProperty(
      'value',
      'is-not',
    );
    await userEvent.type(queryBox(), ' (a OR b)');
    expect(screen.getByText(/more than rules can show/)).toBeTruthy();
  });

  it('counts the albums the query matches now, and explains a malformed one instead', async () => {
    const asked = fakeServer();
    renderEditor('genre:jazz');
    expect(await screen.findByText('10 albums match now')).toBeTruthy();
    expect(asked).toContain('genre:jazz');
    await userEvent.type(queryBox(), ' yr:1990');
    expect(await screen.findByText(/"yr" is not a field.*\(at character 12/)).toBeTruthy();
    expect(screen.getByText(/rules come back once the query below reads correctly/)).toBeTruthy();
    expect(asked).not.toContain('genre:jazz yr:1990');
  });
});
