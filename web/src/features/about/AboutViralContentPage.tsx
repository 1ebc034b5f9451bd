import { AboutArticleView } from './AboutArticleView.tsx';
import { VIRAL_CONTENT_ARTICLE } from './articles/viral-content.ts';

export function AboutViralContentPage() {
  return <AboutArticleView article={VIRAL_CONTENT_ARTICLE} />;
}
