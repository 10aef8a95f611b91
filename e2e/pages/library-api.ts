import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { madeUpSpotifyId } from './collection-api';

export interface GenreSeedAlbum {
  name: string;
  artist: string;
  genres?: string[];
}

/** Seeds tags, genres and artists through the API with the page's session. */
export class LibraryApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<LibraryApi> {
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    expect(token).not.toBe('');
    return new LibraryApi(request, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** A made-up album, stored as given with its genres; the artist is created from its name. */
  async addAlbum(album: GenreSeedAlbum): Promise<number> {
    const response = await this.request.post('/api/v1/albums', {
      headers: this.headers,
      data: { spotify_id: madeUpSpotifyId(), ...album },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).id;
  }

  /** Many albums, ten requests at a time. */
  async addAlbums(count: number, describe: (index: number) => GenreSeedAlbum): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) =>
        this.addAlbum(describe(start + offset)),
      );
      ids.push(...(await Promise.all(batch)));
    }
    return ids;
  }

  async createTag(name: string, color: string): Promise<void> {
    const response = await this.request.post('/api/v1/tags', {
      headers: this.headers,
      data: { name, color },
    });
    expect(response.status()).toBe(201);
  }

  async tagAlbum(albumId: number, tagName: string): Promise<void> {
    const response = await this.request.post(
      `/api/v1/albums/${albumId}/tags/${encodeURIComponent(tagName)}`,
      { headers: this.headers },
    );
    expect(response.status()).toBe(200);
  }

  async tagNames(): Promise<string[]> {
    const response = await this.request.get('/api/v1/tags', { headers: this.headers });
    return ((await response.json()) as { name: string }[]).map((tag) => tag.name);
  }
}
