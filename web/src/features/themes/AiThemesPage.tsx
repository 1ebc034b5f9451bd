import { CheckOutlined, InboxOutlined } from '@ant-design/icons';
import type { ThemeListItem } from '@monitoring/contracts';
import { Button, Space, Typography } from 'antd';
import { useRefreshAiProposals } from '../../api/ai-themes.ts';
import { useUpdateTheme } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { AiProposalsPanel } from './AiProposalsPanel.tsx';
import { ThemeCreateButtons } from './ThemeCreateButtons.tsx';
import { ThemesListView } from './ThemesListView.tsx';

/** «Подтвердить» (approved) and «В архив» of one AI theme; the row updates or leaves the table. */
function AiThemeActions({ row }: { row: ThemeListItem }) {
  const can = useCan();
  const { message } = useFeedback();
  const update = useUpdateTheme(row.id);
  const refresh = useRefreshAiProposals();
  const canEdit = can('EDIT_THEME');
  const canArchive = canEdit || can('ARCHIVE_THEME');
  const pending = update.isPending ? update.variables : undefined;
  return (
    <Space size={4} wrap>
      {canEdit && !row.approved ? (
        <Button
          size="small"
          icon={<CheckOutlined />}
          aria-label={`Подтвердить тему ${row.name}`}
          loading={pending?.approved === true}
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { approved: true },
              {
                onSuccess: () => {
                  message.success(`Тема «${row.name}» подтверждена`);
                  // An AI proposal took its messages: the proposals and the table change.
                  void refresh();
                },
              },
            )
          }
        >
          Подтвердить
        </Button>
      ) : null}
      {canArchive && !row.archived ? (
        <Button
          size="small"
          icon={<InboxOutlined />}
          aria-label={`В архив: тема ${row.name}`}
          loading={pending?.archived === true}
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { archived: true },
              { onSuccess: () => message.success(`Тема «${row.name}» в архиве`) },
            )
          }
        >
          В архив
        </Button>
      ) : null}
    </Space>
  );
}

/** /themes-ai: the themes the model suggested (ai=true), to verify or archive (product.md §4). */
export function AiThemesPage() {
  usePageTitle(PAGE_TITLES['themes-ai']);
  return (
    <section className="page themes-page">
      <div className="page__head">
        <PageHeading>{PAGE_TITLES['themes-ai']}</PageHeading>
        <div className="page__actions">
          <ThemeCreateButtons />
        </div>
      </div>
      <AiProposalsPanel />
      <Typography.Title level={4}>Все темы ИИ</Typography.Title>
      <ThemesListView ai actions={(row) => <AiThemeActions row={row} />} />
    </section>
  );
}
