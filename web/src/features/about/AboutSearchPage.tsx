import { AboutArticleView } from './AboutArticleView.tsx';
import { SEARCH_ARTICLE } from './articles/search.ts';

export function AboutSearchPage() {
  return <AboutArticleView article={SEARCH_ARTICLE} />;
}
