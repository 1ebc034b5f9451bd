export interface MessageTabsProps {
  activeKey: string;
  items: { key: string; label: string }[];
  onChange: (key: string) => void;
}

/**
 * The list tabs while antd's Tabs load (MessageTabs.tsx, fetched as soon as the page's code runs,
 * docs/first-screen.md): the same labels at the same places, the active one marked
 * (messages.css `.tabs-fallback`), so nothing moves when the real tabs come in.
 */
export function MessageTabsFallback({ activeKey, items }: Pick<MessageTabsProps, 'activeKey' | 'items'>) {
  return (
    <div className="tabs-fallback" aria-busy="true">
      {items.map((item) => (
        <span
          key={item.key}
          className={
            item.key === activeKey ? 'tabs-fallback__tab tabs-fallback__tab--active' : 'tabs-fallback__tab'
          }
        >
          {item.label}
        </span>
      ))}
    </div>
  );
}
