import { type SparseVector, topTerms } from './vectors.ts';

/**
 * Leader clustering of unit TF-IDF vectors with k-means refinement (docs/ai-themes.md "Clustering"):
 *
 * 1. one pass in input order (oldest message first): a vector joins the cluster whose centroid is
 *    the most similar (cosine) if that similarity is at least `threshold`, otherwise it starts a new
 *    cluster (at most `maxClusters`; past that it stays alone);
 * 2. `refinePasses` passes of k-means: every vector moves to the most similar centroid of the
 *    previous pass (ties: the older cluster), or to none below `threshold`; centroids are recomputed;
 * 3. clusters smaller than `minSize` are dropped; the rest come largest first.
 *
 * No randomness: the same vectors in the same order give the same clusters.
 */

export interface ClusterParams {
  threshold: number;
  minSize: number;
  maxClusters: number;
  refinePasses: number;
}

export interface Cluster {
  /** Indexes of the member vectors, ascending. */
  members: number[];
  /** The mean of the members, unit length (dense over the vocabulary). */
  centroid: Float32Array;
}

class Centroids {
  readonly sums: Float32Array[] = [];
  readonly norms: number[] = [];
  constructor(readonly dim: number) {}

  get size(): number {
    return this.sums.length;
  }

  add(v: SparseVector): number {
    this.sums.push(new Float32Array(this.dim));
    this.norms.push(0);
    const k = this.sums.length - 1;
    this.join(k, v);
    return k;
  }

  join(k: number, v: SparseVector): void {
    const sum = this.sums[k];
    let dot = 0;
    for (let i = 0; i < v.terms.length; i++) {
      dot += v.weights[i] * sum[v.terms[i]];
      sum[v.terms[i]] += v.weights[i];
    }
    // ||s + v||² = ||s||² + 2 v·s + ||v||², with ||v|| = 1.
    this.norms[k] = Math.sqrt(this.norms[k] ** 2 + 2 * dot + 1);
  }

  /** The most similar centroid and its cosine; k = -1 when there is none. */
  best(v: SparseVector): { k: number; similarity: number } {
    let k = -1;
    let similarity = -1;
    for (let c = 0; c < this.sums.length; c++) {
      const norm = this.norms[c];
      if (norm === 0) continue;
      const sum = this.sums[c];
      let dot = 0;
      for (let i = 0; i < v.terms.length; i++) dot += v.weights[i] * sum[v.terms[i]];
      const cos = dot / norm;
      if (cos > similarity) {
        similarity = cos;
        k = c;
      }
    }
    return { k, similarity };
  }

  unit(k: number): Float32Array {
    const out = new Float32Array(this.dim);
    const norm = this.norms[k] || 1;
    const sum = this.sums[k];
    for (let t = 0; t < this.dim; t++) out[t] = sum[t] / norm;
    return out;
  }
}

/** Clusters the vectors (indexes `items`, default all) over a vocabulary of `dim` terms. */
export function clusterVectors(
  vectors: readonly SparseVector[],
  dim: number,
  params: ClusterParams,
  items?: readonly number[],
): Cluster[] {
  const order = (items ?? vectors.map((_, i) => i)).filter((i) => vectors[i].terms.length > 0);
  let centroids = new Centroids(dim);
  let assignment = new Map<number, number>();
  for (const i of order) {
    const v = vectors[i];
    const { k, similarity } = centroids.best(v);
    if (k >= 0 && similarity >= params.threshold) {
      centroids.join(k, v);
      assignment.set(i, k);
    } else if (centroids.size < params.maxClusters) {
      assignment.set(i, centroids.add(v));
    }
  }
  for (let pass = 0; pass < params.refinePasses; pass++) {
    const next = new Centroids(dim);
    const slots = new Map<number, number>();
    const nextAssignment = new Map<number, number>();
    for (const i of order) {
      const v = vectors[i];
      const { k, similarity } = centroids.best(v);
      if (k < 0 || similarity < params.threshold) continue;
      let slot = slots.get(k);
      if (slot === undefined) {
        slot = next.add(v);
        slots.set(k, slot);
      } else next.join(slot, v);
      nextAssignment.set(i, slot);
    }
    centroids = next;
    assignment = nextAssignment;
  }
  const members: number[][] = Array.from({ length: centroids.size }, () => []);
  for (const i of order) {
    const k = assignment.get(i);
    if (k !== undefined) members[k].push(i);
  }
  return members
    .map((m, k) => ({ members: m, k }))
    .filter(({ members: m }) => m.length >= params.minSize)
    .sort((a, b) => b.members.length - a.members.length || a.members[0] - b.members[0])
    .map(({ members: m, k }) => ({ members: m, centroid: centroids.unit(k) }));
}

/** The names of a cluster's heaviest terms (their surface words), excluding `skip`. */
export function clusterTerms(
  centroid: Float32Array,
  surfaces: readonly string[],
  count: number,
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const out: string[] = [];
  for (const t of topTerms(Float64Array.from(centroid), count + skip.size)) {
    const word = surfaces[t];
    if (skip.has(word) || out.includes(word)) continue;
    out.push(word);
    if (out.length === count) break;
  }
  return out;
}

/** A readable name from top terms: «Ремонт, дорог, мост» (the first word capitalised). */
export function nameFromTerms(terms: readonly string[]): string {
  const joined = terms.join(', ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}
