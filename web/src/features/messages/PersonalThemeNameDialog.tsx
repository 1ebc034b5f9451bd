import type { MessageFilterParams } from '@monitoring/contracts';
import { PERSONAL_THEME_NAME_MAX_LENGTH } from '@monitoring/contracts';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useCreatePersonalTheme } from '../../api/personal-themes.ts';
import { useCan } from '../../api/useCan.ts';
import { conditionCount, savedFilters } from '../../lib/personal-theme-filters.ts';
import { useFeedback } from '../../ui/feedback.ts';
import { NameDialog } from '../../ui/NameDialog.tsx';

interface PersonalThemeNameDialogProps {
  open: boolean;
  filter: MessageFilterParams;
  onClose: () => void;
}

/**
 * The dialog «Личная тема» with what it saves through (the personal themes' API and schemas): loaded
 * when first opened (SavePersonalThemeButton), none of it is on the first screen of /messages.
 */
export function PersonalThemeNameDialog({ open, filter, onClose }: PersonalThemeNameDialogProps) {
  const create = useCreatePersonalTheme();
  const navigate = useNavigate();
  const { message } = useFeedback();
  const canOpenDashboard = useCan()('show_personal_loms_dashboard');
  const filters = savedFilters(filter);
  const count = conditionCount(filters);

  return (
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
      onClose={onClose}
    />
  );
}
