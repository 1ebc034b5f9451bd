import type { Db } from '../../db/client.ts';
import { type Cluster, type ClusterParams, clusterTerms, clusterVectors, nameFromTerms } from './cluster.ts';
import { isNameFiller, namesOf, type PhraseIndex, phraseIndex } from './names.ts';
import { insertProposal, type ProposalToWrite, type TextRow, unthemedRecentMessages } from './queries.ts';
import { suggestThemes } from './suggest.ts';
import { buildCorpus, type Corpus, dotDense, type SparseVector, withoutTemplates } from './vectors.ts';

/**
 * AI theme proposals (docs/ai-themes.md): unthemed recent messages clustered into draft AI themes,
 * with info reasons as sub-clusters; each proposal's messages wait as AI markups of its theme.
 */

/** The window: messages of the last WINDOW_DAYS days, the newest WINDOW_LIMIT of them. */
export const WINDOW_DAYS = 30;
export const WINDOW_LIMIT = 20_000;

/** Themes: cosine ≥ 0.3 to the centroid, at least 5 messages, at most 25 proposals per run. */
export const THEME_CLUSTERS: ClusterParams = {
  threshold: 0.3,
  minSize: 5,
  maxClusters: 400,
  refinePasses: 2,
};
export const MAX_PROPOSALS = 25;
/** Info reasons: tighter sub-clusters of a theme's messages, cosine ≥ 0.5, at least 3 messages, at most 5. */
export const REASON_CLUSTERS: ClusterParams = {
  threshold: 0.5,
  minSize: 3,
  maxClusters: 100,
  refinePasses: 2,
};
export const MAX_REASONS = 5;
/** Terms kept with a proposal (its keywords); the first of them are what an info reason's terms skip. */
export const TOP_TERMS = 8;
export const NAME_TERMS = 3;
export const REASON_NAME_TERMS = 3;

export interface ProposalSummary {
  theme_id: number;
  name: string;
  terms: string[];
  messages: number;
  info_reasons: number;
}

export interface ProposeResult {
  /** Messages read from the window. */
  scanned: number;
  /** Of them, suggested into an approved theme (AI markups) and so not clustered. */
  suggested: number;
  proposals: ProposalSummary[];
  /** Time spent clustering (vectors and clusters), ms, without reading and writing. */
  cluster_ms: number;
}

interface Proposal extends Omit<ProposalToWrite, 'createdBy' | 'origin'> {}

/**
 * A name for a cluster: its most characteristic phrase not yet `taken` (names.ts); failing that, its heaviest terms
 * that are no filler, joined by commas («Асфальт, ленина»), or '' when it has none.
 */
function nameOf(
  corpus: Corpus,
  phrases: PhraseIndex,
  cluster: Cluster,
  taken: ReadonlySet<string>,
  skipTerms: ReadonlySet<string> = new Set(),
): string {
  const phrase = namesOf(phrases, cluster.members).find((name) => !taken.has(name.toLowerCase()));
  if (phrase !== undefined) return phrase;
  const terms = clusterTerms(cluster.centroid, corpus.surfaces, TOP_TERMS, skipTerms).filter(
    (t) => !isNameFiller(t),
  );
  const name = nameFromTerms(terms.slice(0, REASON_NAME_TERMS));
  return taken.has(name.toLowerCase()) ? '' : name;
}

/** The sub-clusters of a theme cluster as info reasons, each named by its own phrase. */
function reasonsOf(
  corpus: Corpus,
  phrases: PhraseIndex,
  theme: Cluster,
  themeName: string,
  themeTerms: readonly string[],
): { name: string; members: number[] }[] {
  const skip = new Set(themeTerms.slice(0, NAME_TERMS));
  const subs = clusterVectors(corpus.vectors, corpus.stems.length, REASON_CLUSTERS, theme.members).slice(
    0,
    MAX_REASONS,
  );
  const taken = new Set([themeName.toLowerCase()]);
  const named: { name: string; members: number[] }[] = [];
  for (const sub of subs) {
    // A sub-cluster as large as the theme tells nothing new; nor does one named like its theme or a sibling.
    if (sub.members.length >= theme.members.length) continue;
    const name = nameOf(corpus, phrases, sub, taken, skip);
    if (name === '') continue;
    taken.add(name.toLowerCase());
    named.push({ name, members: sub.members });
  }
  return named;
}

/** Proposals of a set of texts (pure: no database); `minSize` overrides the theme cluster minimum. */
export function proposalsOf(rows: readonly TextRow[], limit = MAX_PROPOSALS, minSize?: number): Proposal[] {
  const corpus = buildCorpus(rows.map((r) => r.text));
  const params = minSize === undefined ? THEME_CLUSTERS : { ...THEME_CLUSTERS, minSize };
  const clusters = clusterVectors(corpus.vectors, corpus.stems.length, params).slice(0, limit);
  const phrases = phraseIndex(rows.map((r) => withoutTemplates(r.text, corpus.templates)));
  const taken = new Set<string>();
  return clusters.map((cluster) => {
    const proposal = proposalOfCluster(corpus, phrases, rows, cluster, taken);
    taken.add(proposal.name.toLowerCase());
    return proposal;
  });
}

function proposalOfCluster(
  corpus: Corpus,
  phrases: PhraseIndex,
  rows: readonly TextRow[],
  cluster: Cluster,
  taken: ReadonlySet<string>,
): Proposal {
  const terms = clusterTerms(cluster.centroid, corpus.surfaces, TOP_TERMS);
  const name = nameOf(corpus, phrases, cluster, taken) || nameFromTerms(terms.slice(0, NAME_TERMS));
  const reasons = reasonsOf(corpus, phrases, cluster, name, terms);
  const reasonOf = new Map<number, number>();
  reasons.forEach((r, index) => {
    for (const member of r.members) reasonOf.set(member, index);
  });
  const centroid = Float64Array.from(cluster.centroid);
  return {
    name,
    terms,
    infoReasons: reasons.map((r) => ({ name: r.name })),
    messages: cluster.members.map((i) => ({
      id: rows[i].id,
      reason: reasonOf.get(i) ?? null,
      score: similarity(corpus.vectors[i], centroid),
    })),
  };
}

function similarity(v: SparseVector, centroid: Float64Array): number {
  return Math.max(0, Math.min(1, dotDense(v, centroid)));
}

/** Writes proposals as draft AI themes; answers their summaries. */
export async function writeProposals(
  db: Db,
  proposals: readonly Proposal[],
  origin: ProposalToWrite['origin'],
  createdBy: number | null,
): Promise<ProposalSummary[]> {
  const out: ProposalSummary[] = [];
  for (const p of proposals) {
    const themeId = await insertProposal(db, { ...p, origin, createdBy });
    out.push({
      theme_id: themeId,
      name: p.name,
      terms: p.terms,
      messages: p.messages.length,
      info_reasons: p.infoReasons.length,
    });
  }
  return out;
}

/**
 * One clustering run inside the caller's transaction: reads the window, clusters it and writes the
 * proposals. Messages already waiting in a proposal are left out, so a second run over the same
 * data proposes only what is new.
 */
export async function proposeThemes(
  db: Db,
  createdBy: number | null,
  window: { days: number; limit: number } = { days: WINDOW_DAYS, limit: WINDOW_LIMIT },
): Promise<ProposeResult> {
  const window_ = await unthemedRecentMessages(db, window.days, window.limit);
  // Messages that resemble an approved theme are suggested into it, not clustered again.
  const suggested = await suggestThemes(
    db,
    window_.map((r) => r.id),
  );
  const taken = new Set(suggested.map((s) => s.messageId));
  const rows = window_.filter((r) => !taken.has(r.id));
  const started = performance.now();
  const proposals = proposalsOf(rows);
  const clusterMs = Math.round(performance.now() - started);
  return {
    scanned: window_.length,
    suggested: suggested.length,
    proposals: await writeProposals(db, proposals, 'clustering', createdBy),
    cluster_ms: clusterMs,
  };
}
