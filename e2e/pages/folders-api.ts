import { type APIRequestContext, expect, type Page } from '@playwright/test';

export interface StoredFolder {
  id: number;
  name: string;
  parent_id: number | null;
  sort_order: number;
}

/** Reads a signed-in user's folders through the API, with the page's session. */
export class FoldersApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async of(page: Page, request: APIRequestContext): Promise<FoldersApi> {
    const token = await page.evaluate(() => localStorage.getItem('auth_token') ?? '');
    expect(token).not.toBe('');
    return new FoldersApi(request, token);
  }

  async folders(): Promise<StoredFolder[]> {
    const response = await this.request.get('/api/v1/folders', {
      headers: { authorization: `Bearer ${this.token}` },
    });
    expect(response.status()).toBe(200);
    return response.json();
  }

  /** Each folder's parent by name (null at the top level). */
  async parents(): Promise<Record<string, string | null>> {
    const folders = await this.folders();
    const nameOf = new Map(folders.map((folder) => [folder.id, folder.name]));
    return Object.fromEntries(
      folders.map((folder) => [
        folder.name,
        folder.parent_id === null ? null : (nameOf.get(folder.parent_id) ?? null),
      ]),
    );
  }
}
