import { AboutArticleView } from './AboutArticleView.tsx';
import { INFO_REASONS_ARTICLE } from './articles/info-reasons.ts';

export function AboutInfoReasonsPage() {
  return <AboutArticleView article={INFO_REASONS_ARTICLE} />;
}
