import { type DailyDashboardItem, dailyDashboardFlags } from '@monitoring/contracts';
import { Button, List, Modal, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth.ts';
import { useDailyDashboardWrites } from '../../api/daily-dashboards.ts';
import { notifyBadRequest } from '../../api/mutation-errors.ts';
import { useCan } from '../../api/useCan.ts';
import { DashboardFormDialog } from './DashboardFormDialog.tsx';
import { HOME_TEXTS, SETTINGS_TEXTS } from './home-texts.ts';

interface DashboardSettingsDialogProps {
  open: boolean;
  onClose: () => void;
  dashboards: readonly DailyDashboardItem[];
}

/** The dashboard settings dialog (product.md §2): create, edit, reorder, private/public, delete. */
export function DashboardSettingsDialog({ open, onClose, dashboards }: DashboardSettingsDialogProps) {
  const can = useCan();
  const codenames = useCurrentUser().data?.daily_dashboard_permissions.map((p) => p.codename) ?? [];
  const flags = dailyDashboardFlags(can, codenames);
  const { remove, togglePrivate, reorder } = useDailyDashboardWrites();
  const [editing, setEditing] = useState<DailyDashboardItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const own = dashboards.filter((d) => d.is_own);
  const foreign = dashboards.filter((d) => !d.is_own);
  const onError = notifyBadRequest(SETTINGS_TEXTS.title);

  const move = (index: number, by: -1 | 1) => {
    const ids = own.map((d) => d.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    reorder.mutate(ids, { onError });
  };
  const openForm = (dashboard: DailyDashboardItem | null) => {
    setEditing(dashboard);
    setFormOpen(true);
  };

  return (
    <Modal
      open={open}
      title={SETTINGS_TEXTS.title}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
    >
      <Button type="primary" onClick={() => openForm(null)} style={{ marginBottom: 12 }}>
        {SETTINGS_TEXTS.create}
      </Button>
      <List
        bordered
        dataSource={own}
        renderItem={(dashboard, index) => {
          const canToggle = dashboard.is_private ? flags.public : flags.private;
          return (
            <List.Item
              aria-label={dashboard.name}
              actions={[
                <Button key="up" size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                  {SETTINGS_TEXTS.up}
                </Button>,
                <Button
                  key="down"
                  size="small"
                  disabled={index === own.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {SETTINGS_TEXTS.down}
                </Button>,
                <Button
                  key="private"
                  size="small"
                  disabled={!canToggle}
                  onClick={() => togglePrivate.mutate(dashboard.id, { onError })}
                >
                  {dashboard.is_private ? SETTINGS_TEXTS.makePublic : SETTINGS_TEXTS.makePrivate}
                </Button>,
                <Button key="edit" size="small" onClick={() => openForm(dashboard)}>
                  {SETTINGS_TEXTS.edit}
                </Button>,
                <Popconfirm
                  key="delete"
                  title={SETTINGS_TEXTS.deleteConfirm}
                  okText={SETTINGS_TEXTS.delete}
                  cancelText={SETTINGS_TEXTS.cancel}
                  onConfirm={() => remove.mutate(dashboard.id, { onError })}
                >
                  <Button size="small" danger>
                    {SETTINGS_TEXTS.delete}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Space className="home-settings__name">
                <strong>{dashboard.shortName}</strong>
                <span>{dashboard.name}</span>
                <Tag color={dashboard.is_private ? 'default' : 'blue'}>
                  {dashboard.is_private ? HOME_TEXTS.privateTag : HOME_TEXTS.publicTag}
                </Tag>
              </Space>
            </List.Item>
          );
        }}
      />
      {foreign.length > 0 && (
        <List
          style={{ marginTop: 12 }}
          size="small"
          dataSource={foreign}
          renderItem={(dashboard) => (
            <List.Item>
              <Tooltip title={SETTINGS_TEXTS.foreign}>
                <Space>
                  <strong>{dashboard.shortName}</strong>
                  <span>{dashboard.name}</span>
                  <Tag color="blue">{HOME_TEXTS.publicTag}</Tag>
                  <span className="muted">{dashboard.owner.name}</span>
                </Space>
              </Tooltip>
            </List.Item>
          )}
        />
      )}
      <DashboardFormDialog dashboard={editing} open={formOpen} onClose={() => setFormOpen(false)} />
    </Modal>
  );
}
