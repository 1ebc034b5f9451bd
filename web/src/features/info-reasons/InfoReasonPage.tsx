import './info-reasons.css';
import {
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  MergeCellsOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { type InfoReasonItem, REPORT_PERMISSION } from '@monitoring/contracts';
import { Button, Descriptions, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  useDeleteInfoReason,
  useInfoReasonDetail,
  useMergeInfoReason,
  useRenameInfoReason,
  useSetInfoReasonTheme,
} from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { themeMoveRights } from '../../lib/info-reason-view.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { CardHeader } from '../../ui/CardHeader.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { ItemGate } from '../../ui/ItemGate.tsx';
import { CompletenessMark } from '../../ui/info-reasons/CompletenessMark.tsx';
import { InfoReasonArchiveSwitch } from '../../ui/info-reasons/InfoReasonArchiveSwitch.tsx';
import { InfoReasonFavouriteToggle } from '../../ui/info-reasons/InfoReasonFavouriteToggle.tsx';
import { TargetTonalitySelect } from '../../ui/info-reasons/TargetTonalitySelect.tsx';
import { MergeDialog } from '../../ui/MergeDialog.tsx';
import { MoodTag } from '../../ui/MoodTag.tsx';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { ReportStatisticsTab } from '../../ui/report/ReportStatisticsTab.tsx';
import { ReportTable } from '../../ui/report/ReportTable.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const LIST_URL = '/themes/info-reasons?tab=info-reasons';

function ThemeField({ item }: { item: InfoReasonItem }) {
  const can = useCan();
  const rights = themeMoveRights(can);
  const setTheme = useSetInfoReasonTheme();
  return (
    <Space wrap>
      {rights.put ? (
        <PickSelect
          kind="theme"
          placeholder="Тема инфоповода"
          known={item.theme ? [item.theme] : undefined}
          value={item.theme?.id ?? null}
          disabled={setTheme.isPending}
          onChange={(theme) => {
            if (theme !== null && theme !== item.theme?.id) setTheme.mutate({ id: item.id, theme });
          }}
        />
      ) : item.theme ? (
        <Link to={`/theme/${item.theme.id}`}>{item.theme.name}</Link>
      ) : (
        'Без темы'
      )}
      {rights.put && item.theme ? <Link to={`/theme/${item.theme.id}`}>Открыть тему</Link> : null}
      {rights.clear && item.theme ? (
        <Button
          size="small"
          icon={<DisconnectOutlined />}
          loading={setTheme.isPending && setTheme.variables?.theme === null}
          onClick={() => setTheme.mutate({ id: item.id, theme: null })}
        >
          Убрать тему
        </Button>
      ) : null}
    </Space>
  );
}

function InfoReasonFields({ item }: { item: InfoReasonItem }) {
  return (
    <Descriptions className="info-reason-card__fields" bordered size="middle" column={1}>
      <Descriptions.Item label="Тема">
        <ThemeField item={item} />
      </Descriptions.Item>
      <Descriptions.Item label="Целевая тональность">
        <TargetTonalitySelect item={item} />
      </Descriptions.Item>
      <Descriptions.Item label="Фактическая тональность">
        <MoodTag mood={item.actual_mood} />
        <span className="info-reason-card__summary">по проверенным сообщениям</span>
      </Descriptions.Item>
      <Descriptions.Item label="Целевая тональность достигнута">
        <CompletenessMark complete={item.complete} />
      </Descriptions.Item>
      <Descriptions.Item label="Сообщений">{formatCount(item.message_count)}</Descriptions.Item>
      <Descriptions.Item label="Активен">{item.active ? 'да' : 'нет'}</Descriptions.Item>
      <Descriptions.Item label="В архиве">
        <InfoReasonArchiveSwitch item={item} />
      </Descriptions.Item>
      <Descriptions.Item label="Создан">{formatDateTime(item.created_at)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The card's tabs (URL `tab`); the first is the default. The statistics need the report permission. */
const INFO_REASON_CARD_TABS = ['info', 'stats'] as const;
type InfoReasonCardTab = (typeof INFO_REASON_CARD_TABS)[number];
const TAB_LABELS: Record<InfoReasonCardTab, string> = { info: 'Сведения', stats: 'Статистика' };

const NO_MESSAGES = 'За выбранный период сообщений по этому инфоповоду нет: показаны нулевые значения.';

/**
 * «Статистика» (docs/home.md "Statistics tabs"): the report calls over `info_reason_in=[id]`; an
 * info reason has one theme, so no theme table, only the loms.
 */
function InfoReasonStatisticsTab({ item }: { item: InfoReasonItem }) {
  return (
    <ReportStatisticsTab subject={{ info_reason_in: [item.id] }} noMessages={NO_MESSAGES}>
      {(filter, ordering) => <ReportTable kind="loms" filter={filter} ordering={ordering} />}
    </ReportStatisticsTab>
  );
}

/** Merge this info reason into another: choose, confirm, then open the target. */
function MergeInfoReasonDialog({
  item,
  open,
  onClose,
}: {
  item: InfoReasonItem;
  open: boolean;
  onClose: () => void;
}) {
  const merge = useMergeInfoReason();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const run = async (target: number) => {
    try {
      const into = await merge.mutateAsync({ source: item.id, target });
      message.success(`Инфоповод объединён с «${into.name}»`);
      navigate(`/info-reason/${into.id}`, { replace: true });
      return true;
    } catch {
      return false;
    }
  };
  return (
    <MergeDialog
      open={open}
      onClose={onClose}
      title="Объединить инфоповоды"
      okText={{ choose: 'Объединить', confirm: 'Да, объединить' }}
      kind="info_reason"
      placeholder="Инфоповод, в который объединить"
      excludeIds={[item.id]}
      description={`Сообщения, фрагменты, цитаты и избранное инфоповода «${item.name}» перейдут в выбранный инфоповод, а сам он будет удалён.`}
      warning="Объединение нельзя отменить. Подтвердите."
      pending={merge.isPending}
      onMerge={run}
    />
  );
}

/** /info-reason/{id}: the info reason with rename, theme, target tonality, flags, merge and delete. */
export function InfoReasonPage() {
  const id = Number(useParams().id);
  const detail = useInfoReasonDetail(id);
  const can = useCan();
  const rename = useRenameInfoReason();
  const remove = useDeleteInfoReason();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const [mergeOpen, setMergeOpen] = useState(false);
  usePageTitle(detail.data ? detail.data.name : PAGE_TITLES['info-reason-id']);

  const canEdit = can('EDIT_INFO_REASON');
  const canStats = can(REPORT_PERMISSION);
  const [params, setParams] = useSearchParams();
  const tab: InfoReasonCardTab = canStats && params.get('tab') === 'stats' ? 'stats' : 'info';

  return (
    <ItemGate
      validId={Number.isInteger(id) && id > 0}
      query={detail}
      texts={{
        missing: 'Инфоповод не найден',
        failed: 'Не удалось загрузить инфоповод',
        back: 'К списку инфоповодов',
        backTo: LIST_URL,
      }}
      rows={8}
    >
      {(item) => (
        <section className="page info-reason-card">
          <CardHeader
            name={item.name}
            // Empty is 'без имени' on the server (product.md §5).
            onRename={canEdit ? (name) => rename.mutate({ id: item.id, name }) : undefined}
            flags={
              <>
                {item.ai ? <Tag color="purple">AI</Tag> : null}
                {item.archived ? <Tag color="orange">В архиве</Tag> : null}
                {item.active ? null : <Tag>Неактивен</Tag>}
              </>
            }
            actions={
              <Space wrap>
                {can('ADD_INFO_REASON_TO_FAVORITE') ? <InfoReasonFavouriteToggle item={item} /> : null}
                <Link to={`/messages?info_reason_in=${item.id}`}>
                  <Button icon={<MessageOutlined />}>Сообщения</Button>
                </Link>
                {can('MERGE_INFO_REASONS') ? (
                  <Button icon={<MergeCellsOutlined />} onClick={() => setMergeOpen(true)}>
                    Объединить
                  </Button>
                ) : null}
                {canEdit ? (
                  <Link to={`/info-reason/${item.id}/edit`}>
                    <Button icon={<EditOutlined />}>Редактировать</Button>
                  </Link>
                ) : null}
                {canEdit ? (
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      modal.confirm({
                        title: `Удалить инфоповод «${item.name}»?`,
                        content: `Он будет снят с сообщений (${formatCount(item.message_count)}), фрагментов, цитат и разметок. Удаление нельзя отменить.`,
                        okText: 'Удалить',
                        okButtonProps: { danger: true },
                        cancelText: 'Отмена',
                        onOk: () =>
                          remove.mutateAsync(item.id).then(() => {
                            message.success('Инфоповод удалён');
                            navigate(LIST_URL);
                          }),
                      })
                    }
                  >
                    Удалить
                  </Button>
                ) : null}
              </Space>
            }
          />

          {canStats ? (
            <>
              <Tabs
                activeKey={tab}
                onChange={(key) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (key === 'info') next.delete('tab');
                      else next.set('tab', key);
                      return next;
                    },
                    { replace: true },
                  )
                }
                items={INFO_REASON_CARD_TABS.map((key) => ({ key, label: TAB_LABELS[key] }))}
              />
              {tab === 'info' ? <InfoReasonFields item={item} /> : <InfoReasonStatisticsTab item={item} />}
            </>
          ) : (
            <InfoReasonFields item={item} />
          )}
          <MergeInfoReasonDialog item={item} open={mergeOpen} onClose={() => setMergeOpen(false)} />
        </section>
      )}
    </ItemGate>
  );
}
