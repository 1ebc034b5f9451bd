import { useState } from 'react';
import { useMergeTheme } from '../../api/themes.ts';
import { MergeDialog } from '../../ui/MergeDialog.tsx';

interface MergeThemesDialogProps {
  open: boolean;
  onClose: () => void;
  /** The themes to glue (each goes into the target, one call each). */
  sources: { id: number; name: string }[];
  /** After every source went into the target. */
  onMerged?: (targetId: number) => void;
}

/**
 * «Склеить»: choose the target theme, confirm; each source moves into it and is
 * deleted (docs/themes.md "Gluing").
 */
export function MergeThemesDialog({ open, onClose, sources, onMerged }: MergeThemesDialogProps) {
  const [done, setDone] = useState(0);
  const merge = useMergeTheme();
  const close = () => {
    setDone(0);
    merge.reset();
    onClose();
  };
  const run = async (target: number) => {
    let count = 0;
    for (const source of sources) {
      if (source.id === target) continue;
      try {
        await merge.mutateAsync({ source: source.id, target });
      } catch {
        return false;
      }
      count += 1;
      setDone(count);
    }
    onMerged?.(target);
    return true;
  };
  const names = sources.map((source) => `«${source.name}»`).join(', ');
  return (
    <MergeDialog
      open={open}
      onClose={close}
      title="Склеить темы"
      okText={{ choose: 'Склеить', confirm: 'Да, склеить' }}
      kind="theme"
      placeholder="Тема, в которую склеить"
      excludeIds={sources.map((source) => source.id)}
      description={
        sources.length === 1
          ? `Тема ${names} будет перенесена в выбранную тему вместе с сообщениями, инфоповодами и связями, а затем удалена.`
          : `Темы ${names} будут перенесены в выбранную тему вместе с сообщениями, инфоповодами и связями, а затем удалены.`
      }
      warning="Склейку нельзя отменить. Подтвердите."
      pending={merge.isPending}
      onMerge={run}
    >
      {merge.isPending && sources.length > 1 ? (
        <p aria-live="polite">
          Склеено {done} из {sources.length}
        </p>
      ) : null}
    </MergeDialog>
  );
}
