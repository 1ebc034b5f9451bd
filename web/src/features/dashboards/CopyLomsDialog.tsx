import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import {
  type EditableDashboardRef,
  useCopyDashboardLoms,
  useDashboardThemeChoices,
} from '../../api/dashboards.ts';
import { DASHBOARD_PERSONAL_THEME_TYPE, usePersonalThemes } from '../../api/personal-themes.ts';
import { formatCount } from '../../lib/format.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { PickSelect } from '../../ui/PickSelect.tsx';

/**
 * «Скопировать ЛОМ»: the constant loms (with their lists) of another theme — or, for a
 * personal theme, of another of one's personal themes — join this dashboard's lists.
 */
export function CopyLomsDialog({
  dashboard,
  open,
  onClose,
}: {
  dashboard: EditableDashboardRef;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [source, setSource] = useState<number | null>(null);
  const copy = useCopyDashboardLoms(dashboard);
  const personal = dashboard.kind === 'personal';
  const choices = useDashboardThemeChoices(open && !personal);
  const personalThemes = usePersonalThemes(
    { type_in: DASHBOARD_PERSONAL_THEME_TYPE, page_size: 200 },
    open && personal,
  );

  const close = () => {
    setSource(null);
    onClose();
  };
  const submit = async () => {
    if (!source) return;
    const answer = await copy.mutateAsync(source);
    message.success(
      `Скопировано ЛОМ: ${formatCount(answer.copied)}; в списках теперь ${formatCount(answer.total)}`,
    );
    close();
  };

  return (
    <Modal
      open={open}
      title="Скопировать ЛОМ из другой темы"
      okText="Скопировать"
      cancelText="Отмена"
      okButtonProps={{ disabled: !source }}
      confirmLoading={copy.isPending}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={personal ? 'Личная тема' : 'Тема'}
          extra="Постоянные ЛОМ выбранной темы добавятся в те же списки; ЛОМ, уже стоящие в списках этого дашборда, переходят в список из выбранной темы."
        >
          {personal ? (
            <Select<number>
              autoFocus
              aria-label="Личная тема"
              placeholder="Выберите личную тему"
              loading={personalThemes.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
              value={source ?? undefined}
              onChange={setSource}
              options={(personalThemes.data?.results ?? [])
                .filter((theme) => theme.id !== dashboard.id)
                .map((theme) => ({ value: theme.id, label: theme.name }))}
            />
          ) : (
            <PickSelect
              kind="theme"
              placeholder="Выберите тему"
              autoFocus
              known={(choices.data ?? [])
                .filter((theme) => theme.id !== dashboard.id)
                .map((theme) => ({ id: theme.id, name: `${theme.name} (${theme.constant_lom_count})` }))}
              value={source}
              onChange={(id) => setSource(id)}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
