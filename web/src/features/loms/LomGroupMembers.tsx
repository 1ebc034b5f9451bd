import type { LomGroupItem, LomGroupMember } from '@monitoring/contracts';
import { Alert, Button, Empty, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useChangeGroupLoms, useLomGroupMembers } from '../../api/lom-groups.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { GROUP_TEXTS as TEXTS } from './lom-groups-texts.ts';

const PAGE_SIZE = 10;

/** The loms of one group, by name, with removal for those who may change it. */
export function LomGroupMembers({
  group,
  selectedLomIds,
}: {
  group: LomGroupItem;
  selectedLomIds: readonly number[];
}) {
  const { message } = useFeedback();
  const [search, setSearch] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  const members = useLomGroupMembers(group.id, { search, page, page_size: PAGE_SIZE });
  const change = useChangeGroupLoms();

  const remove = (loms: readonly number[]) =>
    change.mutate(
      { id: group.id, loms, remove: true },
      {
        onSuccess: (answer) => message.success(TEXTS.removed(answer.changed)),
        onError: (error) => message.error(error instanceof Error ? error.message : TEXTS.failed),
      },
    );

  const columns = [
    {
      key: 'name',
      title: TEXTS.columnLoms,
      render: (_: unknown, lom: LomGroupMember) => (
        <span>
          <Link to={`/loms/${lom.id}`}>{lom.name}</Link>
          {lom.via_sources ? <Tag className="lom-groups__tag">{TEXTS.viaSources}</Tag> : null}
          {lom.is_active ? null : <Tag className="lom-groups__tag">{TEXTS.inactiveLom}</Tag>}
        </span>
      ),
    },
    {
      key: 'subscribers',
      title: 'Подписчики',
      align: 'right' as const,
      width: 120,
      render: (_: unknown, lom: LomGroupMember) => formatCount(lom.subscribers),
    },
    ...(group.can_edit
      ? [
          {
            key: 'remove',
            title: '',
            width: 90,
            render: (_: unknown, lom: LomGroupMember) => (
              <Button
                size="small"
                type="link"
                danger
                aria-label={`${TEXTS.remove}: ${lom.name}`}
                disabled={change.isPending}
                onClick={() => remove([lom.id])}
              >
                {TEXTS.remove}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="lom-groups__members">
      <div className="lom-groups__members-bar">
        <SearchInput
          value={search}
          placeholder={TEXTS.membersSearch}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        {group.can_edit && selectedLomIds.length > 0 ? (
          <Button danger loading={change.isPending} onClick={() => remove(selectedLomIds)}>
            {TEXTS.removeSelected(selectedLomIds.length)}
          </Button>
        ) : null}
      </div>
      {members.isError ? <Alert type="error" showIcon title={TEXTS.membersLoadError} /> : null}
      <DataTable<LomGroupMember>
        size="small"
        rowKey="id"
        columns={columns}
        rows={members.data?.results ?? []}
        loading={members.isFetching}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={TEXTS.membersEmpty} />}
        paging={{
          page: page,
          pageSize: PAGE_SIZE,
          total: members.data?.elements_count ?? 0,
          onPage: setPage,
        }}
      />
    </div>
  );
}
