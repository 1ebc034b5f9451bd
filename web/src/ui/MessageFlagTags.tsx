import type { MessageListItem } from '@monitoring/contracts';
import { Tag } from 'antd';

type Flags = Pick<
  MessageListItem,
  'verified' | 'verified_by_super_editor' | 'verified_ai' | 'delayed' | 'archived' | 'trash' | 'from_zephyr'
>;

const TAGS: { key: keyof Flags; label: string; color: string }[] = [
  { key: 'verified_by_super_editor', label: 'Одобрено', color: 'green' },
  { key: 'verified', label: 'Проверено', color: 'blue' },
  { key: 'verified_ai', label: 'Проверено ИИ', color: 'geekblue' },
  { key: 'delayed', label: 'Отложено', color: 'gold' },
  { key: 'archived', label: 'В архиве', color: 'default' },
  { key: 'trash', label: 'В корзине', color: 'red' },
  { key: 'from_zephyr', label: 'Зефир', color: 'purple' },
];

/** The set flags of a message as small tags. */
export function MessageFlagTags({ message }: { message: Flags }) {
  return (
    <span className="flag-tags">
      {TAGS.filter(({ key }) => message[key]).map(({ key, label, color }) => (
        <Tag key={key} color={color} data-flag={key}>
          {label}
        </Tag>
      ))}
    </span>
  );
}
