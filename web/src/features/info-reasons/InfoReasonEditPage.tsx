import { INFO_REASON_DEFAULT_NAME, INFO_REASON_NAME_MAX, type InfoReasonItem } from '@monitoring/contracts';
import { Form, Input } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error.ts';
import {
  useCreateInfoReason,
  useInfoReasonDetail,
  useRenameInfoReason,
  useSetInfoReasonTheme,
} from '../../api/info-reasons.ts';
import { useCan } from '../../api/useCan.ts';
import { themeMoveRights } from '../../lib/info-reason-view.ts';
import { PAGE_TITLES } from '../../lib/page-titles.ts';
import { EditFormButtons } from '../../ui/EditFormButtons.tsx';
import { EditPageShell } from '../../ui/EditPageShell.tsx';
import { useFeedback } from '../../ui/feedback.ts';
import { PickSelect } from '../../ui/PickSelect.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';

const LIST_URL = '/themes/info-reasons?tab=info-reasons';

interface Values {
  name?: string;
  theme?: number | null;
}

function ThemeInput({
  value,
  onChange,
  disabled,
  known,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  disabled?: boolean;
  known?: { id: number; name: string }[];
}) {
  return (
    <PickSelect
      kind="theme"
      placeholder="Без темы"
      known={known}
      disabled={disabled}
      value={value ?? null}
      onChange={(id) => onChange?.(id)}
    />
  );
}

function InfoReasonForm({ item, presetTheme }: { item: InfoReasonItem | null; presetTheme: number | null }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const can = useCan();
  const rights = themeMoveRights(can);
  const create = useCreateInfoReason();
  const rename = useRenameInfoReason();
  const setTheme = useSetInfoReasonTheme();
  const error = create.error ?? rename.error ?? setTheme.error;
  const badRequest = isApiError(error) && error.status === 400 ? error : null;
  const errorOf = (field: 'name' | 'theme') =>
    badRequest && (badRequest.field === field || (field === 'name' && badRequest.field !== 'theme'))
      ? { validateStatus: 'error' as const, help: badRequest.message }
      : {};
  // A new info reason takes any theme (POST needs EDIT_INFO_REASON only); moving an existing one needs the rights.
  const themeLocked = item !== null && !(rights.put || rights.clear);

  const save = async ({ name, theme }: Values) => {
    const nextTheme = theme ?? null;
    if (!item) {
      const created = await create.mutateAsync({ name: name?.trim() ?? '', theme: nextTheme });
      message.success('Инфоповод создан');
      navigate(`/info-reason/${created.id}`);
      return;
    }
    const trimmed = name?.trim() ?? '';
    if ((trimmed || INFO_REASON_DEFAULT_NAME) !== item.name)
      await rename.mutateAsync({ id: item.id, name: trimmed });
    if (nextTheme !== (item.theme?.id ?? null)) await setTheme.mutateAsync({ id: item.id, theme: nextTheme });
    message.success('Инфоповод сохранён');
    navigate(`/info-reason/${item.id}`);
  };

  return (
    <Form<Values>
      form={form}
      className="edit-form"
      layout="vertical"
      initialValues={{ name: item?.name ?? '', theme: item ? (item.theme?.id ?? null) : presetTheme }}
      onFinish={(values) => void save(values).catch(() => undefined)}
    >
      <Form.Item
        name="name"
        label="Название"
        extra={`Пустое название — «${INFO_REASON_DEFAULT_NAME}»`}
        {...errorOf('name')}
      >
        <Input autoFocus maxLength={INFO_REASON_NAME_MAX} placeholder="Название инфоповода" />
      </Form.Item>
      <Form.Item
        name="theme"
        label="Тема"
        extra={themeLocked ? 'Недостаточно прав, чтобы менять тему' : undefined}
        {...errorOf('theme')}
      >
        <ThemeInput disabled={themeLocked} known={item?.theme ? [item.theme] : undefined} />
      </Form.Item>
      <EditFormButtons
        saving={create.isPending || rename.isPending || setTheme.isPending}
        cancelTo={item ? `/info-reason/${item.id}` : LIST_URL}
      />
    </Form>
  );
}

/** /info-reason/{id}/edit and /info-reason/edit (new, `?theme=` preselects the theme): name and theme. */
export function InfoReasonEditPage() {
  const param = useParams().id;
  const [params] = useSearchParams();
  const id = param === undefined ? null : Number(param);
  const detail = useInfoReasonDetail(id ?? 0);
  usePageTitle(PAGE_TITLES['info-reason-id-edit']);
  const presetTheme = Number(params.get('theme'));

  return (
    <EditPageShell
      id={id}
      query={detail}
      texts={{
        missing: 'Инфоповод не найден',
        failed: 'Не удалось загрузить инфоповод',
        back: 'К списку инфоповодов',
        backTo: LIST_URL,
      }}
      rows={4}
      heading={(item) => (item ? `Редактирование инфоповода «${item.name}»` : 'Новый инфоповод')}
    >
      {(item) => (
        <InfoReasonForm
          key={item?.id ?? 'new'}
          item={item}
          presetTheme={Number.isInteger(presetTheme) && presetTheme > 0 ? presetTheme : null}
        />
      )}
    </EditPageShell>
  );
}
