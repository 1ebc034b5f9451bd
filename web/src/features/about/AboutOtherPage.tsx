import { AboutArticleView } from './AboutArticleView.tsx';
import { OTHER_ARTICLE } from './articles/other.ts';

export function AboutOtherPage() {
  return <AboutArticleView article={OTHER_ARTICLE} />;
}
