import type { Artist } from '@gatefold/contract/artists';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArtistCard, artistPath } from './ArtistCard';

const artist: Artist = {
  id: 12,
  slug: 'nina-simone',
  name: 'Nina Simone',
  image_url: null,
  album_count: 1,
  genres: ['jazz', 'soul', 'blues', 'gospel'],
  tags: [
    { name: 'Keeper', color: '#EF4444' },
    { name: 'Rainy', color: '#3B82F6' },
    { name: 'Calm', color: '#10B981' },
    { name: 'Extra', color: '#F59E0B' },
  ],
  first_album_date: new Date().toISOString(),
  latest_album_date: new Date().toISOString(),
};

function renderCard(shown: Artist) {
  render(
    <MemoryRouter>
      <ArtistCard artist={shown} />
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe('ArtistCard', () => {
  it('links by id, or by slug when there is no id', () => {
    expect(artistPath(artist)).toBe('/artists/12');
    expect(artistPath({ id: 0, slug: 'nina-simone' })).toBe('/artists/nina-simone');
    expect(renderCard(artist).getAttribute('href')).toBe('/artists/12');
  });

  it('shows the album count, the latest addition, 2 genres with +N and 3 tags', () => {
    const card = renderCard(artist);
    expect(card.textContent).toContain('1 album');
    expect(card.textContent).not.toContain('1 albums');
    expect(screen.getByText('Added today')).toBeTruthy();
    expect(screen.getByText('jazz')).toBeTruthy();
    expect(screen.getByText('soul')).toBeTruthy();
    expect(screen.queryByText('blues')).toBeNull();
    expect(screen.getByText('+2')).toBeTruthy();
    expect(screen.getByText('Calm')).toBeTruthy();
    expect(screen.queryByText('Extra')).toBeNull();
  });

  it('leaves out the overflow chip when every genre fits', () => {
    renderCard({ ...artist, album_count: 4, genres: ['jazz'], tags: [] });
    expect(screen.getByText('4 albums')).toBeTruthy();
    expect(screen.queryByText(/^\+\d/)).toBeNull();
  });
});
