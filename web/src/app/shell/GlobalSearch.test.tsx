import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GlobalSearch } from './GlobalSearch';

function Address() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <GlobalSearch />
      <button type="button">Elsewhere</button>
      <Routes>
        <Route path="*" element={<Address />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByRole('searchbox', { name: 'Search albums' });
}

describe('GlobalSearch', () => {
  it('takes focus on / from anywhere but a field', async () => {
    const box = renderSearch();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(box);
    expect(box).toHaveProperty('value', '');
  });

  it('opens the albums grid filtered by the query', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'genre:jazz year:1955..1965{Enter}');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      `/albums?${new URLSearchParams({ q: 'genre:jazz year:1955..1965' })}`,
    );
  });

  it('explains a malformed query under the box, pointing at the bad token, and stays put', async () => {
    const box = renderSearch();
    await userEvent.type(box, 'blue yr:1990{Enter}');
    expect(screen.getByText(/"yr" is not a field.*\(at character 6 \("yr/)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('/dashboard');
  });

  it('offers the grammar and examples beside the box', async () => {
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Query help' }));
    expect(screen.getByRole('region', { name: 'Query help' }).textContent).toContain(
      'genre:jazz,blues',
    );
  });
});
