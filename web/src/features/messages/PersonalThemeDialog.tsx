import type { MessageFilterParams } from '@monitoring/contracts';
import { PERSONAL_THEME_NAME_MAX_LENGTH } from '@monitoring/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreatePersonalTheme } from '../../api/personal-themes.ts';
import { useCan } from '../../api/useCan.ts';
import { conditionCount, savedFilters } from '../../lib/personal-theme-filters.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';

// Loaded when first opened: the dialog (Modal, Form) is not on the first screen of /messages.
const NameDialog = lazy(() =>
  import('../../ui/NameDialog.tsx').then((module) => ({ default: module.NameDialog })),
);

/**
 * «Сохранить как личную тему» of /messages: the dialog «Личная тема» (product.md §2 dialogs)
 * saves the current message filter under a name, type 1; the dashboard opens from the notice.
 */
export function SavePersonalThemeButton({ filter }: { filter: MessageFilterParams }) {
  const [open, setOpen] = useState(false);
  const dialogMounted = useOpenedOnce(open);
  const create = useCreatePersonalTheme();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const canOpenDashboard = useCan()('show_personal_loms_dashboard');
  const filters = savedFilters(filter);
  const count = conditionCount(filters);

  return (
    <>
      <Button onClick={() => setOpen(true)}>Сохранить как личную тему</Button>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <NameDialog
            open={open}
            title="Личная тема"
            label="Название темы"
            okText="Сохранить"
            maxLength={PERSONAL_THEME_NAME_MAX_LENGTH}
            description={
              <p className="muted">
                {count > 0
                  ? `Тема сохранит текущие фильтры сообщений (условий: ${count}); её список — в разделе «Дашборды».`
                  : 'Фильтры не заданы: тема будет включать все сообщения. Её список — в разделе «Дашборды».'}
              </p>
            }
            onSubmit={async (name) => {
              const theme = await create.mutateAsync({ name, filters });
              message.success({
                content: (
                  <span>
                    Личная тема «{theme.name}» сохранена.{' '}
                    {canOpenDashboard ? (
                      <Button
                        type="link"
                        size="small"
                        onClick={() => navigate(`/dashboards/personalTheme/${theme.id}`)}
                      >
                        Открыть дашборд
                      </Button>
                    ) : null}
                  </span>
                ),
              });
            }}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
