import { AboutArticleView } from './AboutArticleView.tsx';
import { SOCIAL_PANEL_ARTICLE } from './articles/social-panel.ts';

export function AboutSocialPanelPage() {
  return <AboutArticleView article={SOCIAL_PANEL_ARTICLE} />;
}
