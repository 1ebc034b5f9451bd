import './tags.css';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { type Can, useCan } from '../../api/useCan.ts';
import { replaceFields, useUrlState } from '../../lib/useUrlState.ts';
import { TagsPanel } from './TagsPanel.tsx';
import { type ProfileTab, parseTagsUrl, type TagsUrlPatch, tagsUrlParams } from './tags-url.ts';

/** Who reads the tag directory: the pick lists' readers (docs/tags-and-personal-themes.md). */
export function canReadTags(can: Can): boolean {
  return (['MESSAGES', 'QUOTES', 'LOMS', 'THEMES', 'INFO_REASONS', 'RUBRICS', 'ADMIN_PANEL'] as const).some(
    (permission) => can(permission),
  );
}

export function canEditTags(can: Can): boolean {
  return can('EDIT_MESSAGE_ATTRIBUTES') || can('ADMIN_PANEL');
}

/**
 * The profile's tabs: the profile itself (children), «Теги» (the shared directory; editors
 * change it) and «Личные теги» (one's own). The tab, searches and pages live in the URL.
 */
export function ProfileTagTabs({ children }: { children: ReactNode }) {
  const can = useCan();
  const { state, patch: patchUrl } = useUrlState(parseTagsUrl, tagsUrlParams, replaceFields);
  // Each list's search and page travel in their own fields; typing replaces the history entry.
  const patch = (change: TagsUrlPatch) =>
    patchUrl(change, { replace: change.tagsSearch !== undefined || change.personalSearch !== undefined });

  const items = [{ key: 'profile', label: 'Профиль', children }];
  if (canReadTags(can)) {
    items.push({
      key: 'tags',
      label: 'Теги',
      children: <TagsPanel personal={false} state={state} onPatch={patch} canEdit={canEditTags(can)} />,
    });
  }
  if (can('PERSONAL_TAGS')) {
    items.push({
      key: 'personal-tags',
      label: 'Личные теги',
      children: <TagsPanel personal state={state} onPatch={patch} canEdit />,
    });
  }
  const active = items.some((item) => item.key === state.tab) ? state.tab : 'profile';

  return (
    <Tabs
      activeKey={active}
      items={items}
      destroyOnHidden
      onChange={(key) => patch({ tab: key as ProfileTab })}
    />
  );
}
