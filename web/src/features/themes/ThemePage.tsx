import './themes.css';
import {
  CheckOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  InboxOutlined,
  MergeCellsOutlined,
  MessageOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { REPORT_PERMISSION, type ThemeDetail } from '@monitoring/contracts';
import { Button, Descriptions, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useApproveThemes,
  useDeleteTheme,
  useHideTheme,
  useRenameTheme,
  useThemeDetail,
  useUpdateTheme,
} from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { formatDateTime } from '../../lib/format.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { CardHeader } from '../../ui/CardHeader.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { ItemGate } from '../../ui/ItemGate.tsx';
import { PeriodPicker } from '../../ui/PeriodPicker.tsx';
import { ReportStatisticsTab } from '../../ui/report/ReportStatisticsTab.tsx';
import { ReportTable } from '../../ui/report/ReportTable.tsx';
import { TopChart } from '../../ui/report/TopChart.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { CreateInfoReasonDialog } from './CreateInfoReasonDialog.tsx';
import { MergeThemesDialog } from './MergeThemesDialog.tsx';
import { ThemeFavouriteToggle } from './ThemeFavouriteToggle.tsx';
import { ThemeFlags } from './ThemeFlags.tsx';
import { ThemeInfoReasons } from './ThemeInfoReasons.tsx';
import { ThemeRelationsTab } from './ThemeRelationsTab.tsx';
import { THEME_CARD_TABS, type ThemeCardTab, themeCardTab, themeMessagesLink } from './theme-card.ts';
import { useThemeCardPeriod } from './useThemeCardPeriod.ts';

const TAB_LABELS: Record<ThemeCardTab, string> = {
  'info-reasons': 'Инфоповоды',
  messages: 'Сообщения',
  stats: 'Статистика',
  relations: 'Связи',
};

const NO_MESSAGES = 'За выбранный период сообщений по этой теме нет: показаны нулевые значения.';

/** «Статистика» (docs/home.md "Statistics tabs"): the report calls over `theme_in=[id]`. */
function ThemeStatisticsTab({ theme }: { theme: ThemeDetail }) {
  return (
    <ReportStatisticsTab subject={{ theme_in: [theme.id] }} noMessages={NO_MESSAGES}>
      {(filter, ordering) => (
        <>
          <div className="report-tab__grid">
            <ReportTable kind="infoReasons" filter={filter} ordering={ordering} />
            <TopChart kind="infoReasons" filter={filter} ordering={ordering} />
          </div>
          <ReportTable kind="loms" filter={filter} ordering={ordering} />
        </>
      )}
    </ReportStatisticsTab>
  );
}

/** Where the card goes after verifying or archiving (product.md §4: an AI theme goes back to themes-ai). */
function afterReview(theme: ThemeDetail): string | null {
  return theme.ai ? '/themes-ai' : null;
}

function ThemeHeaderActions({ theme }: { theme: ThemeDetail }) {
  const can = useCan();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const update = useUpdateTheme(theme.id);
  const hide = useHideTheme(theme.id);
  const approve = useApproveThemes();
  const remove = useDeleteTheme();
  const [mergeOpen, setMergeOpen] = useState(false);
  const canEdit = can('EDIT_THEME');
  const canArchive = canEdit || can('ARCHIVE_THEME');

  return (
    <Space wrap className="theme-card__actions">
      {can('ADD_THEME_TO_FAVORITE') ? (
        <ThemeFavouriteToggle id={theme.id} name={theme.name} isFavorite={theme.is_favorite} />
      ) : null}
      {can('THEMES_DASHBOARD') ? (
        <Link to={`/dashboards/theme?theme=${theme.id}`}>
          <Button icon={<DashboardOutlined />}>Дашборд темы</Button>
        </Link>
      ) : null}
      {canEdit && !theme.approved ? (
        <Button
          icon={<CheckOutlined />}
          loading={approve.isPending}
          onClick={() =>
            approve.mutate([theme.id], {
              onSuccess: () => {
                message.success('Тема одобрена');
                const next = afterReview(theme);
                if (next) navigate(next);
              },
            })
          }
        >
          Одобрить
        </Button>
      ) : null}
      {canArchive ? (
        <Button
          icon={<InboxOutlined />}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { archived: !theme.archived },
              {
                onSuccess: (next) => {
                  message.success(next.archived ? 'Тема в архиве' : 'Тема возвращена из архива');
                  const target = next.archived ? afterReview(theme) : null;
                  if (target) navigate(target);
                },
              },
            )
          }
        >
          {theme.archived ? 'Из архива' : 'В архив'}
        </Button>
      ) : null}
      {canEdit ? (
        <Button
          icon={theme.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          loading={hide.isPending}
          onClick={() =>
            hide.mutate(undefined, {
              onSuccess: ({ hidden }) => message.success(hidden ? 'Тема скрыта' : 'Тема снова видна'),
            })
          }
        >
          {theme.hidden ? 'Показать' : 'Скрыть'}
        </Button>
      ) : null}
      {canEdit ? (
        <Button icon={<MergeCellsOutlined />} onClick={() => setMergeOpen(true)}>
          Склеить
        </Button>
      ) : null}
      {canEdit ? (
        <Link to={`/theme/${theme.id}/edit`}>
          <Button icon={<EditOutlined />}>Редактировать</Button>
        </Link>
      ) : null}
      {canEdit ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={remove.isPending}
          onClick={() =>
            modal.confirm({
              title: `Удалить тему «${theme.name}»?`,
              content:
                'Сообщения, фрагменты, цитаты и инфоповоды останутся без этой темы. Удаление нельзя отменить.',
              okText: 'Удалить',
              okButtonProps: { danger: true },
              cancelText: 'Отмена',
              onOk: () =>
                remove.mutateAsync(theme.id).then(() => {
                  message.success('Тема удалена');
                  navigate(theme.ai ? '/themes-ai' : '/themes');
                }),
            })
          }
        >
          Удалить
        </Button>
      ) : null}
      <MergeThemesDialog
        open={mergeOpen}
        sources={[{ id: theme.id, name: theme.name }]}
        onClose={() => setMergeOpen(false)}
        onMerged={(target) => {
          message.success('Тема склеена');
          navigate(`/theme/${target}`);
        }}
      />
    </Space>
  );
}

function ThemeMessagesTab({ theme }: { theme: ThemeDetail }) {
  // The card's one period (the other tabs' too), in the URL.
  const [period, setPeriod] = useThemeCardPeriod();
  return (
    <Space direction="vertical">
      <Typography.Paragraph>
        Сообщения темы «{theme.name}» открываются в ленте сообщений с фильтром по теме.
      </Typography.Paragraph>
      <Space wrap>
        <PeriodPicker
          allowClear={false}
          value={period}
          onChange={({ after, before }) =>
            setPeriod({ after: after ?? period.after, before: before ?? period.before })
          }
        />
        <Link to={themeMessagesLink(theme.id, period)}>
          <Button type="primary" icon={<MessageOutlined />}>
            Открыть сообщения темы
          </Button>
        </Link>
      </Space>
    </Space>
  );
}

function ThemeInfoReasonsTab({ theme }: { theme: ThemeDetail }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  return (
    <>
      {can('EDIT_INFO_REASON') ? (
        <div className="themes-page__bulk">
          <Button icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            Создать инфоповод
          </Button>
        </div>
      ) : null}
      <ThemeInfoReasons themeId={theme.id} />
      <CreateInfoReasonDialog open={open} onClose={() => setOpen(false)} themeId={theme.id} />
    </>
  );
}

/** /theme/{id}: the theme card with its tabs (URL `tab`) and header actions. */
export function ThemePage() {
  const id = Number(useParams().id);
  const detail = useThemeDetail(id);
  const can = useCan();
  const rename = useRenameTheme(id);
  const [params, setParams] = useSearchParams();
  usePageTitle(detail.data ? detail.data.name : PAGE_TITLES['theme-id']);

  const canStats = can(REPORT_PERMISSION);
  const asked = themeCardTab(params.get('tab'));
  // Without the report permission there is no statistics tab (and no report call).
  const tab = asked === 'stats' && !canStats ? 'info-reasons' : asked;
  const tabs = THEME_CARD_TABS.filter((key) => key !== 'stats' || canStats);

  return (
    <ItemGate
      validId={Number.isInteger(id) && id > 0}
      query={detail}
      texts={{
        missing: 'Тема не найдена',
        failed: 'Не удалось загрузить тему',
        back: 'К списку тем',
        backTo: '/themes',
      }}
      rows={8}
    >
      {(theme) => (
        <section className="page theme-card">
          <CardHeader
            name={theme.name}
            onRename={can('EDIT_THEME') ? (name) => rename.mutate(name) : undefined}
            flags={<ThemeFlags theme={theme} />}
            actions={<ThemeHeaderActions theme={theme} />}
          />
          <Descriptions className="theme-card__meta" size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="Создана">{formatDateTime(theme.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Инфоповодов">{theme.info_reasons.length}</Descriptions.Item>
            <Descriptions.Item label="Внешний id">{theme.external_id ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Актуальная">{theme.actual ? 'да' : 'нет'}</Descriptions.Item>
            <Descriptions.Item label="Служебная">{theme.service ? 'да' : 'нет'}</Descriptions.Item>
            <Descriptions.Item label="Тип кластера">{theme.cluster_type ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Tabs
            activeKey={tab}
            onChange={(key) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (key === 'info-reasons') next.delete('tab');
                  else next.set('tab', key);
                  return next;
                },
                { replace: true },
              )
            }
            items={tabs.map((key) => ({
              key,
              label: TAB_LABELS[key],
            }))}
          />
          {tab === 'info-reasons' ? <ThemeInfoReasonsTab theme={theme} /> : null}
          {tab === 'messages' ? <ThemeMessagesTab theme={theme} /> : null}
          {tab === 'stats' ? <ThemeStatisticsTab theme={theme} /> : null}
          {tab === 'relations' ? <ThemeRelationsTab theme={theme} /> : null}
        </section>
      )}
    </ItemGate>
  );
}
