import { Tag } from 'antd';

/** Active or not, archived, made by AI: the flags of an admin row. */
export function StatusTags({ active, archived, ai }: { active: boolean; archived: boolean; ai: boolean }) {
  return (
    <>
      {active ? <Tag color="green">Активен</Tag> : <Tag>Неактивен</Tag>}
      {archived ? <Tag color="orange">В архиве</Tag> : null}
      {ai ? <Tag color="purple">ИИ</Tag> : null}
    </>
  );
}
