import fs from 'node:fs';
import path from 'node:path';
import { type CatalogueAlbum, catalogueFile } from './catalogue-schema';

/** Reads and checks every catalogue/*.json file; a malformed file stops start-up, naming it. */
export function readCatalogueFiles(directory: string): CatalogueAlbum[] {
  const files = fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  return files.flatMap((name) => {
    const parsed = catalogueFile.safeParse(
      JSON.parse(fs.readFileSync(path.join(directory, name), 'utf8')),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`Catalogue file ${name}: ${issue?.path.join('.')} ${issue?.message}`);
    }
    return parsed.data;
  });
}
