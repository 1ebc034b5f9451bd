import { Tabs } from 'antd';
import type { MessageTabsProps } from './MessageTabsFallback.tsx';

/** The list tabs of /messages, their own chunk (MessagesPage draws MessageTabsFallback until it is in). */
export function MessageTabs({ activeKey, items, onChange }: MessageTabsProps) {
  return <Tabs activeKey={activeKey} onChange={onChange} items={items} />;
}
