import type { Db } from '../db/client.ts';
import { markFragments, markUnverified, trainMoodModel } from '../domain/mood-model/index.ts';

/**
 * The newest messages, and the newest fragments, by id that the seed's model marks. The default demo (100,000
 * messages, ~30,000 fragments) gets every one marked; the bench's 1M and 5M seeds mark this many of each, about a
 * minute, instead of an hour on one core at 5M.
 */
const DEMO_MARKED = 300_000;

/**
 * The last step of the seed: a mood model trained on the demo's verified messages, so the settings page
 * has one on first start, and its marks on every message the editors have not verified and on every fragment
 * (the generator writes no AI mood of its own; at bench sizes only the newest DEMO_MARKED). A small demo
 * (too few verified messages of a mood) gets no model: the training's refusal is reported and the seed goes on.
 */
export async function seedMoodModel(db: Db, progress: (line: string) => void): Promise<void> {
  const result = await trainMoodModel(db, { trigger: 'demo' });
  if (result.outcome === 'refused') {
    progress(`Модель тональности не обучена: ${result.message}`);
    return;
  }
  const marked = await markUnverified(db, DEMO_MARKED);
  const fragments = await markFragments(db, DEMO_MARKED);
  progress(
    `Модель тональности ${result.modelId}: macro-F1 ${result.macroF1.toFixed(3)}, размечено ИИ: ${marked}, ` +
      `фрагментов: ${fragments}`,
  );
}
