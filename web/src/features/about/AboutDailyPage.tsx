import { AboutArticleView } from './AboutArticleView.tsx';
import { DAILY_ARTICLE } from './articles/daily.ts';

export function AboutDailyPage() {
  return <AboutArticleView article={DAILY_ARTICLE} />;
}
