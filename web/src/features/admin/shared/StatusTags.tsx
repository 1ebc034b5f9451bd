import { Tag } from 'antd';

interface StatusTagsProps {
  active: boolean;
  archived: boolean;
  ai: boolean;
  /** «Активна» for a theme, «Активен» for an info reason. */
  feminine?: boolean;
}

/** Active or not, archived, made by AI: the flags of an admin row. */
export function StatusTags({ active, archived, ai, feminine = false }: StatusTagsProps) {
  return (
    <>
      {active ? (
        <Tag color="green">{feminine ? 'Активна' : 'Активен'}</Tag>
      ) : (
        <Tag>{feminine ? 'Неактивна' : 'Неактивен'}</Tag>
      )}
      {archived ? <Tag color="orange">В архиве</Tag> : null}
      {ai ? <Tag color="purple">ИИ</Tag> : null}
    </>
  );
}
