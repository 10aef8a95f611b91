import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface SeedAlbum {
  name: string;
  artist: string;
  release_date?: string;
  spotify_url?: string;
  genres?: string[];
}

/** A made-up streaming id the demo service does not know, so the album is stored as given. */
export const madeUpSpotifyId = () => randomBytes(11).toString('hex');

/** Sets up a signed-in user's collection quickly through the API, with the page's session. */
export class CollectionApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<CollectionApi> {
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    expect(token).not.toBe('');
    return new CollectionApi(request, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  /** An album the streaming service does not know, kept with the given name and artist. */
  async addMadeUpAlbum(album: SeedAlbum): Promise<number> {
    const response = await this.request.post('/api/v1/albums', {
      headers: this.headers,
      data: { spotify_id: madeUpSpotifyId(), ...album },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).id;
  }

  /** Many albums, a few requests at a time. */
  async seedAlbums(count: number, describe: (index: number) => SeedAlbum): Promise<number[]> {
    const ids: number[] = [];
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, offset) =>
        this.addMadeUpAlbum(describe(start + offset)),
      );
      ids.push(...(await Promise.all(batch)));
    }
    return ids;
  }

  /**
   * Many folders in one request, through the collection import: `parent` is the index of an
   * earlier folder in the list. Their order among siblings is the list's. The folders are in
   * when the import answers (202); only albums would follow in its job.
   */
  async importFolders(folders: { name: string; parent: number | null }[]): Promise<void> {
    const response = await this.request.post('/api/v1/maintenance/import', {
      headers: this.headers,
      data: {
        format: 'gatefold-export',
        version: 1,
        exported_at: new Date().toISOString(),
        tags: [],
        folders: folders.map(({ name, parent }, key) => ({
          key,
          parent_key: parent,
          name,
          description: null,
          image_url: null,
          sort_order: key,
        })),
        albums: [],
      },
    });
    expect(response.status()).toBe(202);
  }

  /** A catalogue album added as a user would: the server fetches tracks and genres. */
  async addFromCatalogue(query: string, name: string): Promise<number> {
    const search = await this.request.get(
      `/api/v1/albums/spotify/search?${new URLSearchParams({ query, limit: '10' })}`,
      { headers: this.headers },
    );
    expect(search.status()).toBe(200);
    const items: { id: string; name: string }[] = (await search.json()).albums.items;
    const hit = items.find((item) => item.name === name);
    expect(hit, `the catalogue has ${name}`).toBeDefined();
    const response = await this.request.post('/api/v1/albums', {
      headers: this.headers,
      data: { spotify_id: hit?.id },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).id;
  }

  async tagAlbum(albumId: number, tagName: string): Promise<void> {
    const response = await this.request.post(
      `/api/v1/albums/${albumId}/tags/${encodeURIComponent(tagName)}`,
      { headers: this.headers },
    );
    expect(response.status()).toBe(200);
  }

  async createTag(name: string): Promise<void> {
    const response = await this.request.post('/api/v1/tags', {
      headers: this.headers,
      data: { name },
    });
    expect(response.status()).toBe(201);
  }

  /** Corrects an album as its edit form would. */
  async correctAlbum(albumId: number, changes: { name?: string; artist?: string }): Promise<void> {
    const response = await this.request.put(`/api/v1/albums/${albumId}`, {
      headers: this.headers,
      data: changes,
    });
    expect(response.status()).toBe(200);
  }

  async createFolder(name: string, parentId: number | null = null): Promise<number> {
    const response = await this.request.post('/api/v1/folders', {
      headers: this.headers,
      data: { name, parent_id: parentId },
    });
    expect(response.status()).toBe(201);
    return (await response.json()).id;
  }

  async putInFolder(albumId: number, folderId: number): Promise<void> {
    const response = await this.request.post(`/api/v1/albums/${albumId}/folders/${folderId}`, {
      headers: this.headers,
    });
    expect(response.status()).toBe(204);
  }

  async albumFolders(albumId: number): Promise<string[]> {
    const response = await this.request.get(`/api/v1/albums/${albumId}`, {
      headers: this.headers,
    });
    return ((await response.json()).folders as { name: string }[]).map((folder) => folder.name);
  }

  async albumStatus(albumId: number): Promise<number> {
    const response = await this.request.get(`/api/v1/albums/${albumId}`, {
      headers: this.headers,
    });
    return response.status();
  }
}
