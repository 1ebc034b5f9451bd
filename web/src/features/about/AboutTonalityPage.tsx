import { AboutArticleView } from './AboutArticleView.tsx';
import { TONALITY_ARTICLE } from './articles/tonality.ts';

export function AboutTonalityPage() {
  return <AboutArticleView article={TONALITY_ARTICLE} />;
}
