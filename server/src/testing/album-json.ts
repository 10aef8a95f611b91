import { albumSummary } from '@gatefold/contract/albums';
import { z } from 'zod';

const summaries = z.array(albumSummary.strict());

/** A page of albums as the database wrote it, read as the contract's summaries: their fields alone. */
export const summariesIn = (json: string) => summaries.parse(JSON.parse(json));
