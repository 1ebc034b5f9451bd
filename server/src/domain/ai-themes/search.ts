import type { Db } from '../../db/client.ts';
import { clusterTerms, clusterVectors, nameFromTerms } from './cluster.ts';
import { isNameFiller, namesOf, phraseIndex } from './names.ts';
import { MAX_REASONS, REASON_CLUSTERS, REASON_NAME_TERMS, TOP_TERMS, writeProposals } from './propose.ts';
import { searchRecentMessages } from './queries.ts';
import { buildCorpus, dotDense, withoutTemplates } from './vectors.ts';

/**
 * create_ai_theme/ with a name (docs/ai-themes.md "A theme by name"): the messages of the last SEARCH_DAYS days
 * that the name finds as a query of the search language (docs/search.md; the newest SEARCH_LIMIT), their
 * sub-clusters as info reasons, all of them as the proposal's messages.
 */
export const SEARCH_DAYS = 30;
export const SEARCH_LIMIT = 2_000;

export interface NamedProposal {
  themeId: number;
  messages: number;
  infoReasons: number;
}

/** Writes a draft AI theme called `name` with what the search found (maybe nothing) inside the caller's transaction. */
export async function proposeNamedTheme(db: Db, name: string, createdBy: number): Promise<NamedProposal> {
  const rows = await searchRecentMessages(db, name, { days: SEARCH_DAYS, limit: SEARCH_LIMIT });
  const corpus = buildCorpus(rows.map((r) => r.text));
  const dim = corpus.stems.length;
  const all = clusterVectors(corpus.vectors, dim, {
    ...REASON_CLUSTERS,
    threshold: 0,
    minSize: 1,
    maxClusters: 1,
  });
  const centroid = all[0]?.centroid ?? new Float32Array(dim);
  const terms = clusterTerms(centroid, corpus.surfaces, TOP_TERMS);
  const subs = clusterVectors(corpus.vectors, dim, REASON_CLUSTERS).slice(0, MAX_REASONS);
  const skip = new Set(terms.slice(0, 2));
  const reasonOf = new Map<number, number>();
  subs.forEach((sub, index) => {
    for (const member of sub.members) reasonOf.set(member, index);
  });
  // Info reasons are named by their phrases (names.ts), as a clustering run's are; by their terms failing that.
  const phrases = phraseIndex(rows.map((r) => withoutTemplates(r.text, corpus.templates)));
  const taken = new Set([name.toLowerCase()]);
  const reasonNames = subs.map((sub, index) => {
    const reasonName =
      namesOf(phrases, sub.members).find((n) => !taken.has(n.toLowerCase())) ??
      (nameFromTerms(
        clusterTerms(sub.centroid, corpus.surfaces, REASON_NAME_TERMS, skip).filter((t) => !isNameFiller(t)),
      ) ||
        `${name}: группа ${index + 1}`);
    taken.add(reasonName.toLowerCase());
    return reasonName;
  });
  const dense = Float64Array.from(centroid);
  const [summary] = await writeProposals(
    db,
    [
      {
        name,
        terms,
        infoReasons: reasonNames.map((reasonName) => ({ name: reasonName })),
        messages: rows.map((row, i) => ({
          id: row.id,
          reason: reasonOf.get(i) ?? null,
          score: Math.max(0, Math.min(1, dotDense(corpus.vectors[i], dense))),
        })),
      },
    ],
    'search',
    createdBy,
  );
  return { themeId: summary.theme_id, messages: summary.messages, infoReasons: summary.info_reasons };
}
