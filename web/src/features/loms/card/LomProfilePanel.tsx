import './lom-profile.css';
import { DeleteOutlined, EditOutlined, PoweroffOutlined } from '@ant-design/icons';
import type { LomDetail } from '@monitoring/contracts';
import { Button, Card, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteLom, useSetLomActive } from '../../../api/lom-writes.ts';
import { useCan } from '../../../api/useCan.ts';
import { useFeedback } from '../../../ui/feedback.ts';
import { LomAvatar } from './LomAvatar.tsx';
import { LomProfileFacts } from './LomProfileFacts.tsx';
import { LomProfileForm } from './LomProfileForm.tsx';
import { LomProfileSources } from './LomProfileSources.tsx';
import { PROFILE_TEXTS } from './profile-texts.ts';

/**
 * The head of the lom card: avatar, name, the foreign-agent mark, the profile fields the
 * caller's card access shows (docs/loms.md "Card access"), the accounts, and for an
 * editor with the full card: «Редактировать», avatar upload, «Добавить источник»,
 * switching the lom on and off, and deleting it (to the archive).
 */
export function LomProfilePanel({ lom }: { lom: LomDetail }) {
  const can = useCan();
  const navigate = useNavigate();
  const { message, modal } = useFeedback();
  const [editing, setEditing] = useState(false);
  const setActive = useSetLomActive(lom.id);
  const remove = useDeleteLom(lom.id);
  // The server refuses the same (canEditLomCard): EDIT_LOM and the full card.
  const canEdit = can('EDIT_LOM') && lom.card_access === 'full';

  const toggleActive = () =>
    setActive.mutate(!lom.is_active, {
      onSuccess: ({ is_active }) =>
        void message.success(is_active ? PROFILE_TEXTS.activated : PROFILE_TEXTS.deactivated),
    });

  const confirmRemove = () =>
    modal.confirm({
      title: PROFILE_TEXTS.removeTitle,
      content: PROFILE_TEXTS.removeContent,
      okText: PROFILE_TEXTS.remove,
      okButtonProps: { danger: true },
      cancelText: PROFILE_TEXTS.cancel,
      onOk: () =>
        remove
          .mutateAsync()
          .then(() => {
            message.success(PROFILE_TEXTS.removed);
            navigate('/loms');
          })
          .catch(() => {}),
    });

  const fullName = [lom.name, lom.middlename].filter(Boolean).join(' ');

  return (
    <Card className="lom-profile" aria-label={PROFILE_TEXTS.profile}>
      <div className="lom-profile__head">
        <LomAvatar lomId={lom.id} name={lom.name} avatar={lom.avatar} canUpload={canEdit} />
        <div className="lom-profile__title">
          <h2 className="lom-profile__name">{fullName}</h2>
          {lom.nickname ? <div className="muted">{lom.nickname}</div> : null}
          <Space size={4} wrap className="lom-profile__marks">
            {lom.is_foreign_agent ? (
              <Tooltip title={PROFILE_TEXTS.foreignAgentHint}>
                <Tag color="error" className="lom-profile__foreign-agent">
                  {PROFILE_TEXTS.foreignAgent}
                </Tag>
              </Tooltip>
            ) : null}
            {lom.is_active ? null : <Tag>{PROFILE_TEXTS.inactive}</Tag>}
            {lom.archived ? <Tag color="warning">{PROFILE_TEXTS.archived}</Tag> : null}
            {lom.is_manual ? <Tag>{PROFILE_TEXTS.manual}</Tag> : null}
          </Space>
        </div>
        {canEdit ? (
          <Space wrap className="lom-profile__actions">
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)} disabled={editing}>
              {PROFILE_TEXTS.edit}
            </Button>
            <Button icon={<PoweroffOutlined />} onClick={toggleActive} loading={setActive.isPending}>
              {lom.is_active ? PROFILE_TEXTS.deactivate : PROFILE_TEXTS.activate}
            </Button>
            {lom.archived ? null : (
              <Button danger icon={<DeleteOutlined />} onClick={confirmRemove}>
                {PROFILE_TEXTS.remove}
              </Button>
            )}
          </Space>
        ) : null}
      </div>
      {editing && canEdit ? (
        <LomProfileForm lom={lom} onDone={() => setEditing(false)} />
      ) : (
        <LomProfileFacts lom={lom} />
      )}
      <LomProfileSources lomId={lom.id} sources={lom.lom_sources} canAdd={canEdit} />
    </Card>
  );
}
