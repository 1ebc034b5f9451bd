import './card.css';
import { Alert, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import type { PickListKind } from '../api/pick-lists.ts';
import { PickSelect } from './PickSelect.tsx';

interface MergeDialogProps {
  open: boolean;
  /** Also resets the caller's mutation. */
  onClose: () => void;
  title: string;
  /** The button: «Склеить», then «Да, склеить» while confirming. */
  okText: { choose: string; confirm: string };
  kind: PickListKind;
  placeholder: string;
  /** The items being merged: not offered as the target. */
  excludeIds: number[];
  /** What the merge does, above the choice. */
  description: ReactNode;
  /** The warning shown while confirming. */
  warning: string;
  pending: boolean;
  /** Runs the merge into the target; true when done (the dialog closes), false to choose again. */
  onMerge: (target: number) => Promise<boolean>;
  /** Shown under the rest (progress of a merge of several). */
  children?: ReactNode;
}

/** Merge items into one of their kind: choose the target, confirm (it cannot be undone), run. */
export function MergeDialog({
  open,
  onClose,
  title,
  okText,
  kind,
  placeholder,
  excludeIds,
  description,
  warning,
  pending,
  onMerge,
  children,
}: MergeDialogProps) {
  const [target, setTarget] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setTarget(null);
    setConfirming(false);
    onClose();
  };
  const run = async (into: number) => {
    if (await onMerge(into)) close();
    else setConfirming(false);
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={confirming ? okText.confirm : okText.choose}
      cancelText="Отмена"
      okButtonProps={{ disabled: target === null, danger: confirming }}
      confirmLoading={pending}
      onOk={() => {
        if (target === null) return;
        if (confirming) void run(target);
        else setConfirming(true);
      }}
      onCancel={close}
      destroyOnHidden
    >
      <p>{description}</p>
      <PickSelect
        kind={kind}
        placeholder={placeholder}
        autoFocus
        extra={{ id_not_in: excludeIds }}
        value={target}
        onChange={(id) => {
          setTarget(id);
          setConfirming(false);
        }}
      />
      {confirming && target !== null ? (
        <Alert className="merge-dialog__confirm" type="warning" showIcon title={warning} />
      ) : null}
      {children}
    </Modal>
  );
}
