import { PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../api/useCan.ts';
import { CreateAiThemeDialog } from './CreateAiThemeDialog.tsx';
import { CreateThemeDialog } from './CreateThemeDialog.tsx';

/** «Создать тему» and «Создать AI-тему», each shown to whom may use it. */
export function ThemeCreateButtons() {
  const can = useCan();
  const [open, setOpen] = useState<'theme' | 'ai' | null>(null);
  return (
    <>
      {can('CREATE_THEME') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('theme')}>
          Создать тему
        </Button>
      ) : null}
      {can('CREATE_AUTO_THEME') ? (
        <Button icon={<RobotOutlined />} onClick={() => setOpen('ai')}>
          Создать AI-тему
        </Button>
      ) : null}
      <CreateThemeDialog open={open === 'theme'} onClose={() => setOpen(null)} />
      <CreateAiThemeDialog open={open === 'ai'} onClose={() => setOpen(null)} />
    </>
  );
}
