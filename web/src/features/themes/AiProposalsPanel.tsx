import { CheckOutlined, CloseOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { AI_PROPOSALS_PAGE_SIZE, type AiProposal, formatDateRu, formatNumber } from '@monitoring/contracts';
import { Button, Card, Empty, Pagination, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAiProposals, useProposeAiThemes, useRefreshAiProposals } from '../../api/ai-themes.ts';
import { useApproveThemes, useDeleteTheme } from '../../api/themes.ts';
import { useCan } from '../../api/useCan.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { LoadErrorAlert } from '../../ui/LoadErrorAlert.tsx';

/** «Утвердить» and «Отклонить» of one proposal, each after a confirmation. */
function ProposalActions({ proposal }: { proposal: AiProposal }) {
  const can = useCan();
  const { message } = useFeedback();
  const approve = useApproveThemes();
  const reject = useDeleteTheme();
  const refresh = useRefreshAiProposals();
  if (!can('EDIT_THEME')) return null;
  const busy = approve.isPending || reject.isPending;
  return (
    <Space size={4} wrap>
      <Popconfirm
        title={`Утвердить тему «${proposal.name}»?`}
        description={`Сообщений, которые перейдут в тему: ${formatNumber(proposal.messages)}`}
        okText="Утвердить"
        cancelText="Отмена"
        onConfirm={() =>
          approve.mutate([proposal.id], {
            onSuccess: () => {
              message.success(`Тема «${proposal.name}» утверждена`);
              void refresh();
            },
          })
        }
      >
        <Button
          type="primary"
          size="small"
          icon={<CheckOutlined />}
          loading={approve.isPending}
          disabled={busy}
          aria-label={`Утвердить предложение ${proposal.name}`}
        >
          Утвердить
        </Button>
      </Popconfirm>
      <Popconfirm
        title={`Отклонить тему «${proposal.name}»?`}
        description="Тема и её инфоповоды будут удалены; сообщения останутся без темы."
        okText="Отклонить"
        okButtonProps={{ danger: true }}
        cancelText="Отмена"
        onConfirm={() =>
          reject.mutate(proposal.id, {
            onSuccess: () => {
              message.success(`Тема «${proposal.name}» отклонена`);
              void refresh();
            },
          })
        }
      >
        <Button
          danger
          size="small"
          icon={<CloseOutlined />}
          loading={reject.isPending}
          disabled={busy}
          aria-label={`Отклонить предложение ${proposal.name}`}
        >
          Отклонить
        </Button>
      </Popconfirm>
    </Space>
  );
}

function ProposalCard({ proposal }: { proposal: AiProposal }) {
  return (
    <Card
      size="small"
      className="ai-proposal"
      data-proposal-id={proposal.id}
      title={<Link to={`/theme/${proposal.id}`}>{proposal.name}</Link>}
      extra={<ProposalActions proposal={proposal} />}
    >
      <p className="ai-proposal__meta">
        Сообщений: <b>{formatNumber(proposal.messages)}</b> · предложено{' '}
        {formatDateRu(new Date(proposal.created_at))}
        {proposal.origin === 'search' ? ' · по названию (полнотекстовый поиск)' : null}
      </p>
      {proposal.terms.length > 0 ? (
        <div className="ai-proposal__terms">
          <Typography.Text type="secondary">Ключевые слова: </Typography.Text>
          {proposal.terms.map((term) => (
            <Tag key={term}>{term}</Tag>
          ))}
        </div>
      ) : null}
      <div className="ai-proposal__reasons">
        <Typography.Text type="secondary">Инфоповоды: </Typography.Text>
        {proposal.info_reasons.length === 0
          ? 'не выделены'
          : proposal.info_reasons.map((reason) => (
              <Tag key={reason.id} color="blue">
                {reason.name} · {formatNumber(reason.messages)}
              </Tag>
            ))}
      </div>
      {proposal.samples.length > 0 ? (
        <ul className="ai-proposal__samples" aria-label="Примеры сообщений">
          {proposal.samples.map((sample) => (
            <li key={sample.id}>
              <Link to={`/messages/${sample.id}`}>{formatDateRu(new Date(sample.wrote_at))}</Link>{' '}
              {sample.text}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** «Предложить темы сейчас»: one clustering run, with its result. */
function ProposeButton() {
  const { message } = useFeedback();
  const propose = useProposeAiThemes();
  return (
    <Button
      icon={<ThunderboltOutlined />}
      loading={propose.isPending}
      onClick={() =>
        propose.mutate(null, {
          onSuccess: (result) =>
            message.success(
              `Просмотрено сообщений без темы: ${formatNumber(result.scanned)}; ` +
                `предложено в утверждённые темы: ${formatNumber(result.suggested)}; ` +
                `новых тем: ${formatNumber(result.proposals.length)}`,
            ),
        })
      }
    >
      {propose.isPending ? 'Ищем темы…' : 'Предложить темы сейчас'}
    </Button>
  );
}

/** /themes-ai: the proposals of the clustering waiting for approval (docs/ai-themes.md). */
export function AiProposalsPanel() {
  const can = useCan();
  const [page, setPage] = useState(1);
  const proposals = useAiProposals(page);
  const data = proposals.data;
  return (
    <section className="ai-proposals" aria-label="Предложения ИИ">
      <div className="ai-proposals__head">
        <Typography.Title level={4}>Предложения ИИ, ждущие утверждения</Typography.Title>
        {can('CREATE_AUTO_THEME') ? <ProposeButton /> : null}
      </div>
      {proposals.isError ? (
        <LoadErrorAlert
          title="Не удалось загрузить предложения"
          error={proposals.error}
          onRetry={() => void proposals.refetch()}
        />
      ) : !data ? (
        <Skeleton active />
      ) : data.results.length === 0 ? (
        <Empty description="Предложений нет: все темы ИИ рассмотрены" />
      ) : (
        <>
          <div className="ai-proposals__list">
            {data.results.map((proposal) => (
              <ProposalCard key={proposal.id} proposal={proposal} />
            ))}
          </div>
          {data.last_page > 1 ? (
            <Pagination
              current={data.page}
              total={data.elements_count}
              pageSize={AI_PROPOSALS_PAGE_SIZE}
              showSizeChanger={false}
              onChange={setPage}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
