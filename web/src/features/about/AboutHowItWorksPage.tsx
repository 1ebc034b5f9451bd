import { AboutArticleView } from './AboutArticleView.tsx';
import { HOW_IT_WORKS_ARTICLE } from './articles/how-it-works.ts';

export function AboutHowItWorksPage() {
  return <AboutArticleView article={HOW_IT_WORKS_ARTICLE} />;
}
