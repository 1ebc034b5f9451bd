import './card.css';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface CardHeaderProps {
  name: string;
  /** Given when the user may rename: a pencil beside the name, called with the new text when it differs. */
  onRename?: (name: string) => void;
  /** Tags beside the name. */
  flags?: ReactNode;
  /** The buttons on the right. */
  actions?: ReactNode;
}

/** The head of an item's card: its name as the page title (renamable in place), its flags and actions. */
export function CardHeader({ name, onRename, flags, actions }: CardHeaderProps) {
  return (
    <div className="card-header">
      <div className="card-header__title">
        <Typography.Title
          level={1}
          className="page__title"
          editable={
            onRename
              ? {
                  tooltip: 'Переименовать',
                  text: name,
                  triggerType: ['icon'],
                  onChange: (next) => {
                    if (next.trim() !== name) onRename(next);
                  },
                }
              : false
          }
        >
          {name}
        </Typography.Title>
        {flags}
      </div>
      {actions}
    </div>
  );
}
