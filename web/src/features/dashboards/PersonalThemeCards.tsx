import { DeleteOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { PERSONAL_THEME_NAME_MAX_LENGTH, type PersonalThemeItem } from '@monitoring/contracts';
import { Button, Card, Empty, Pagination, Popconfirm, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  DASHBOARD_PERSONAL_THEME_TYPE,
  useDeletePersonalTheme,
  usePersonalThemes,
  useRenamePersonalTheme,
} from '../../api/personal-themes.ts';
import { formatDate } from '../../lib/format.ts';
import { conditionCount, messagesLinkOf } from '../../lib/personal-theme-filters.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { NameDialog } from '../../ui/NameDialog.tsx';

/** The empty state of a user without personal themes: where they come from. */
export function NoPersonalThemes() {
  return (
    <Empty
      description={
        <span>
          Личных тем пока нет. Задайте фильтры на странице <Link to="/messages">сообщений</Link> и нажмите
          «Сохранить как личную тему».
        </span>
      }
    />
  );
}

/** Personal theme cards show 12 a page (product.md §9). */
export const PERSONAL_THEME_PAGE_SIZE = 12;

interface PersonalThemeCardsProps {
  page: number;
  onPage: (page: number) => void;
  canEdit: boolean;
  canManageLoms: boolean;
  /** show_personal_loms_dashboard: without it the card leads to the messages only. */
  canOpenDashboard: boolean;
}

/** The user's personal themes (type 1) as cards: the dashboard, the messages, rename, delete. */
export function PersonalThemeCards({
  page,
  onPage,
  canEdit,
  canManageLoms,
  canOpenDashboard,
}: PersonalThemeCardsProps) {
  const { message } = useFeedback();
  const themes = usePersonalThemes({
    type_in: DASHBOARD_PERSONAL_THEME_TYPE,
    page,
    page_size: PERSONAL_THEME_PAGE_SIZE,
  });
  const rename = useRenamePersonalTheme();
  const remove = useDeletePersonalTheme();
  const [renaming, setRenaming] = useState<PersonalThemeItem | null>(null);

  if (themes.isLoading) return <Skeleton active />;
  if (themes.isError) return <Empty description="Не удалось загрузить личные темы" />;
  const rows = themes.data?.results ?? [];
  if (rows.length === 0) {
    return <NoPersonalThemes />;
  }
  return (
    <>
      <section className="dashboard-cards" aria-label="Личные темы">
        {rows.map((theme) => (
          <Card
            key={theme.id}
            size="small"
            title={
              canOpenDashboard ? (
                <Link to={`/dashboards/personalTheme/${theme.id}`} title={theme.name}>
                  {theme.name}
                </Link>
              ) : (
                <span title={theme.name}>{theme.name}</span>
              )
            }
            actions={[
              ...(canManageLoms
                ? [
                    <Tooltip key="loms" title="ЛОМ темы">
                      <Link
                        to={`/dashboards/personalTheme/${theme.id}/loms`}
                        aria-label={`ЛОМ темы ${theme.name}`}
                      >
                        <TeamOutlined />
                      </Link>
                    </Tooltip>,
                  ]
                : []),
              ...(canEdit
                ? [
                    <Tooltip key="rename" title="Переименовать">
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={`Переименовать тему ${theme.name}`}
                        onClick={() => setRenaming(theme)}
                      />
                    </Tooltip>,
                    <Popconfirm
                      key="delete"
                      title={`Удалить личную тему «${theme.name}»?`}
                      description="Удалятся и её сохранённые фильтры, и списки ЛОМ дашборда."
                      okText="Удалить"
                      cancelText="Отмена"
                      okButtonProps={{ danger: true }}
                      onConfirm={async () => {
                        await remove.mutateAsync(theme.id);
                        message.success(`Личная тема «${theme.name}» удалена`);
                      }}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Удалить тему ${theme.name}`}
                      />
                    </Popconfirm>,
                  ]
                : []),
            ]}
          >
            <span className="muted">
              Условий фильтра: {conditionCount(theme.filters)} · создана {formatDate(theme.created_at)}
            </span>
            <Link to={messagesLinkOf(theme.filters)}>Сообщения по фильтру</Link>
          </Card>
        ))}
      </section>
      {(themes.data?.elements_count ?? 0) > PERSONAL_THEME_PAGE_SIZE ? (
        <Pagination
          current={page}
          pageSize={PERSONAL_THEME_PAGE_SIZE}
          total={themes.data?.elements_count ?? 0}
          showSizeChanger={false}
          onChange={onPage}
        />
      ) : null}
      <NameDialog
        open={renaming !== null}
        title="Переименовать личную тему"
        label="Название темы"
        initialName={renaming?.name}
        maxLength={PERSONAL_THEME_NAME_MAX_LENGTH}
        onSubmit={(name) => rename.mutateAsync({ id: renaming?.id ?? 0, name })}
        onClose={() => setRenaming(null)}
      />
    </>
  );
}
