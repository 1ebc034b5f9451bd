import { AboutArticleView } from './AboutArticleView.tsx';
import { MESSAGES_ARTICLE } from './articles/messages.ts';

export function AboutMessagesPage() {
  return <AboutArticleView article={MESSAGES_ARTICLE} />;
}
