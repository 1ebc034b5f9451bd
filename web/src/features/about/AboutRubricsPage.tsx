import { AboutArticleView } from './AboutArticleView.tsx';
import { RUBRICS_ARTICLE } from './articles/rubrics.ts';

export function AboutRubricsPage() {
  return <AboutArticleView article={RUBRICS_ARTICLE} />;
}
