import {
  DASHBOARD_LIST_LABELS,
  DASHBOARD_LIST_TONALITIES,
  DASHBOARD_LIST_TYPES,
  type DashboardAvailableLom,
  type DashboardListTonality,
} from '@monitoring/contracts';
import { Avatar, Checkbox, Empty, Form, Input, List, Modal, Pagination, Radio, Spin } from 'antd';
import { useState } from 'react';
import { type EditableDashboardRef, useAddDashboardLoms, useAvailableLoms } from '../../api/dashboards.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { useFeedback } from '../../ui/feedback.ts';

const PAGE_SIZE = 20;

/** «Добавить ЛОМ»: search the loms not yet in the lists, tick some, choose the list. */
export function AddLomsDialog({
  dashboard,
  open,
  onClose,
}: {
  dashboard: EditableDashboardRef;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<Map<number, DashboardAvailableLom>>(new Map());
  const [tonality, setTonality] = useState<DashboardListTonality>(DASHBOARD_LIST_TONALITIES.positive);
  const debounced = useDebouncedValue(search, 300);
  const available = useAvailableLoms(
    dashboard,
    { search_lom: debounced.trim() || undefined, page, page_size: PAGE_SIZE },
    open,
  );
  const add = useAddDashboardLoms(dashboard);

  const close = () => {
    setChosen(new Map());
    setSearch('');
    setPage(1);
    onClose();
  };
  const toggle = (lom: DashboardAvailableLom, checked: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (checked) next.set(lom.id, lom);
      else next.delete(lom.id);
      return next;
    });
  const submit = async () => {
    if (chosen.size === 0) return;
    await add.mutateAsync({ loms: [...chosen.keys()], tonality });
    message.success(`Добавлено ЛОМ: ${chosen.size}`);
    close();
  };

  return (
    <Modal
      open={open}
      title="Добавить ЛОМ в список"
      okText={chosen.size > 0 ? `Добавить (${chosen.size})` : 'Добавить'}
      cancelText="Отмена"
      okButtonProps={{ disabled: chosen.size === 0 }}
      confirmLoading={add.isPending}
      onOk={submit}
      onCancel={close}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="Список">
          <Radio.Group
            aria-label="Список"
            value={tonality}
            onChange={(event) => setTonality(event.target.value)}
            options={DASHBOARD_LIST_TYPES.map((type) => ({
              value: DASHBOARD_LIST_TONALITIES[type],
              label: DASHBOARD_LIST_LABELS[type],
            }))}
          />
        </Form.Item>
        <Form.Item label="Поиск ЛОМ">
          <Input.Search
            autoFocus
            aria-label="Поиск ЛОМ"
            placeholder="Имя ЛОМ"
            allowClear
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            onSearch={(value) => setSearch(value)}
          />
        </Form.Item>
      </Form>
      <Spin spinning={available.isFetching}>
        {available.data && available.data.results.length === 0 ? (
          <Empty description={search ? 'Ничего не найдено' : 'Все ЛОМ уже в списках'} />
        ) : (
          <List<DashboardAvailableLom>
            size="small"
            aria-label="Доступные ЛОМ"
            dataSource={available.data?.results ?? []}
            renderItem={(lom) => (
              <List.Item>
                <Checkbox
                  checked={chosen.has(lom.id)}
                  onChange={(event) => toggle(lom, event.target.checked)}
                >
                  <span className="dashboard-lom">
                    <Avatar src={lom.avatar ?? undefined} alt="" aria-hidden size={24}>
                      {lom.name.slice(0, 1)}
                    </Avatar>
                    {lom.name}
                  </span>
                </Checkbox>
              </List.Item>
            )}
          />
        )}
      </Spin>
      {available.data && available.data.elements_count > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={available.data.elements_count}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </Modal>
  );
}
