import './lom-groups.css';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LOM_GROUP_TITLE_MAX_LENGTH, type LomGroupItem, lomGroupTitle } from '@monitoring/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Empty,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import {
  type LomGroupListParams,
  useChangeGroupLoms,
  useCreateLomGroup,
  useDeleteLomGroup,
  useLomGroups,
} from '../../api/lom-groups.ts';
import { useCan } from '../../api/useCan.ts';
import { formatExact } from '../../lib/format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { MoodTag } from '../../ui/MoodTag.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { LomGroupEditForm } from './LomGroupEditForm.tsx';
import { LomGroupMembers } from './LomGroupMembers.tsx';
import { GROUP_TEXTS as TEXTS } from './lom-groups-texts.ts';

const PAGE_SIZE = 10;
type Scope = 'all' | 'mine' | 'public';

const SCOPES: { value: Scope; label: string }[] = [
  { value: 'all', label: TEXTS.scopeAll },
  { value: 'mine', label: TEXTS.scopeMine },
  { value: 'public', label: TEXTS.scopePublic },
];

function scopeParams(scope: Scope): Pick<LomGroupListParams, 'mine' | 'public'> {
  if (scope === 'mine') return { mine: true };
  if (scope === 'public') return { public: true };
  return {};
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : TEXTS.failed);

/**
 * Lom groups (mlg reports): the caller's and the public ones, with search; a new group from
 * the loms selected in the table, adding and removing loms, renaming, publishing, deleting.
 */
export function LomGroupsDialog({
  open,
  onClose,
  selectedLomIds,
}: {
  open: boolean;
  onClose: () => void;
  selectedLomIds: readonly number[];
}) {
  const { message } = useFeedback();
  const can = useCan();
  const canWrite = can('CREATE_LOM_REPORT') || can('api_edit');
  const canPublish = can('api_edit_public');
  const [search, setSearch] = useState<string | undefined>();
  const [scope, setScope] = useState<Scope>('all');
  const [page, setPage] = useState(1);
  const [title, setTitle] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const groups = useLomGroups({ search, ...scopeParams(scope), page, page_size: PAGE_SIZE }, open);
  const create = useCreateLomGroup();
  const change = useChangeGroupLoms();
  const remove = useDeleteLomGroup();
  const selected = selectedLomIds.length;

  const createGroup = () => {
    const name = title.trim();
    if (!name) {
      message.warning(TEXTS.titleRequired);
      return;
    }
    create.mutate(
      { title: name, isPublic, loms: selectedLomIds },
      {
        onSuccess: (group) => {
          message.success(TEXTS.created(lomGroupTitle(group)));
          setTitle('');
          setIsPublic(false);
          setPage(1);
        },
        onError: (error) => message.error(errorText(error)),
      },
    );
  };

  const addSelected = (group: LomGroupItem) =>
    change.mutate(
      { id: group.id, loms: selectedLomIds },
      {
        onSuccess: (answer) => message.success(TEXTS.added(answer.changed)),
        onError: (error) => message.error(errorText(error)),
      },
    );

  const deleteGroup = (group: LomGroupItem) =>
    remove.mutate(group.id, {
      onSuccess: () => message.success(TEXTS.deleted),
      onError: (error) => message.error(errorText(error)),
    });

  const columns = [
    {
      key: 'title',
      title: TEXTS.columnGroup,
      render: (_: unknown, group: LomGroupItem) =>
        editing === group.id ? (
          <LomGroupEditForm group={group} canPublish={canPublish} onDone={() => setEditing(null)} />
        ) : (
          <div className="lom-groups__title">
            <span className="lom-groups__name">{lomGroupTitle(group)}</span>
            {group.public ? <Tag color="blue">{TEXTS.public}</Tag> : null}
            {group.mood !== null ? <MoodTag mood={group.mood} /> : null}
            {group.active ? null : <Tag>{TEXTS.inactive}</Tag>}
            {group.owner && !group.can_edit ? (
              <span className="lom-groups__owner">{TEXTS.owner(group.owner.username)}</span>
            ) : null}
          </div>
        ),
    },
    {
      key: 'loms',
      title: TEXTS.columnLoms,
      width: 80,
      align: 'right' as const,
      render: (_: unknown, group: LomGroupItem) => formatExact(group.loms_count),
    },
    {
      key: 'actions',
      title: TEXTS.columnActions,
      width: 250,
      render: (_: unknown, group: LomGroupItem) =>
        group.can_edit && editing !== group.id ? (
          <Space size={4} wrap>
            {selected > 0 ? (
              <Button size="small" icon={<PlusOutlined />} onClick={() => addSelected(group)}>
                {TEXTS.addSelected(selected)}
              </Button>
            ) : null}
            <Tooltip title={TEXTS.edit}>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`${TEXTS.edit}: ${lomGroupTitle(group)}`}
                onClick={() => setEditing(group.id)}
              />
            </Tooltip>
            <Popconfirm
              title={TEXTS.deleteConfirm}
              okText={TEXTS.delete}
              cancelText={TEXTS.cancel}
              onConfirm={() => deleteGroup(group)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${TEXTS.delete}: ${lomGroupTitle(group)}`}
              />
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <Modal
      open={open}
      title={TEXTS.dialogTitle}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={<Button onClick={onClose}>{TEXTS.close}</Button>}
    >
      {canWrite ? (
        <section className="lom-groups__create" aria-label={TEXTS.createHeading}>
          <h3 className="lom-groups__heading">{TEXTS.createHeading}</h3>
          {selected === 0 ? <p className="muted">{TEXTS.selectLomsHint}</p> : null}
          <Space wrap>
            <Input
              aria-label={TEXTS.titlePlaceholder}
              placeholder={TEXTS.titlePlaceholder}
              value={title}
              maxLength={LOM_GROUP_TITLE_MAX_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
              onPressEnter={createGroup}
              disabled={selected === 0}
            />
            <Tooltip title={canPublish ? TEXTS.publicHint : TEXTS.publicForbidden}>
              <Checkbox
                checked={isPublic}
                disabled={!canPublish || selected === 0}
                onChange={(event) => setIsPublic(event.target.checked)}
              >
                {TEXTS.public}
              </Checkbox>
            </Tooltip>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              loading={create.isPending}
              disabled={selected === 0 || title.trim() === ''}
              onClick={createGroup}
            >
              {`${TEXTS.create} (${formatExact(selected)})`}
            </Button>
          </Space>
        </section>
      ) : (
        <p className="muted">{TEXTS.readOnlyHint}</p>
      )}

      <div className="lom-groups__filters">
        <SearchInput
          value={search}
          placeholder={TEXTS.search}
          onSearch={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <Segmented
          aria-label="Какие группы показать"
          value={scope}
          options={SCOPES}
          onChange={(value) => {
            setScope(value as Scope);
            setPage(1);
          }}
        />
      </div>

      {groups.isError ? (
        <Alert
          type="error"
          showIcon
          title={TEXTS.loadError}
          description={errorText(groups.error)}
          action={
            <Button size="small" onClick={() => groups.refetch()}>
              {TEXTS.retry}
            </Button>
          }
        />
      ) : null}

      <DataTable<LomGroupItem>
        size="small"
        rowKey="id"
        columns={columns}
        rows={groups.data?.results ?? []}
        loading={groups.isFetching}
        expandable={{
          expandedRowRender: (group) => <LomGroupMembers group={group} selectedLomIds={selectedLomIds} />,
        }}
        empty={
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={search || scope !== 'all' ? TEXTS.emptySearch : TEXTS.emptyGroups}
          />
        }
        paging={{ page, pageSize: PAGE_SIZE, total: groups.data?.elements_count ?? 0, onPage: setPage }}
      />
    </Modal>
  );
}
