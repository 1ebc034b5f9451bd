import type { MessageFilterParams } from '@monitoring/contracts';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../../ui/useOpenedOnce.ts';

// Loaded when first opened: the dialog (Modal, Form) and the personal themes' API and schemas are
// not on the first screen of /messages.
const PersonalThemeNameDialog = lazy(() =>
  import('./PersonalThemeNameDialog.tsx').then((module) => ({ default: module.PersonalThemeNameDialog })),
);

/**
 * «Сохранить как личную тему» of /messages: the dialog «Личная тема» (product.md §2 dialogs)
 * saves the current message filter under a name, type 1; the dashboard opens from the notice.
 */
export function SavePersonalThemeButton({ filter }: { filter: MessageFilterParams }) {
  const [open, setOpen] = useState(false);
  const dialogMounted = useOpenedOnce(open);

  return (
    <>
      <Button onClick={() => setOpen(true)}>Сохранить как личную тему</Button>
      {dialogMounted ? (
        <Suspense fallback={null}>
          <PersonalThemeNameDialog open={open} filter={filter} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
