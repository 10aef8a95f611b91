import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Sidebar open={false} onNavigate={() => {}} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Library' }));
}

function currentLinks(sidebar: ReturnType<typeof renderAt>): string[] {
  return sidebar
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('Sidebar', () => {
  it('lists the library screens in order', () => {
    const sidebar = renderAt('/dashboard');
    expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Dashboard',
      'Folders',
      'Albums',
      'Tags',
      'Genres',
      'Artists',
      'Advanced Search',
      'Maintenance',
    ]);
    expect(sidebar.getByRole('heading', { name: 'Library' })).toBeTruthy();
  });

  it('marks the item whose path is a prefix of the current one', () => {
    expect(currentLinks(renderAt('/folders/12'))).toEqual(['Folders']);
  });

  it('marks exactly one item on a list screen', () => {
    expect(currentLinks(renderAt('/tags'))).toEqual(['Tags']);
  });

  it('does not match a path that only shares leading letters', () => {
    expect(currentLinks(renderAt('/albumsets'))).toEqual([]);
  });

  it('marks Advanced Search on /search', () => {
    expect(currentLinks(renderAt('/search'))).toEqual(['Advanced Search']);
  });
});
