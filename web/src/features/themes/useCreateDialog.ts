import type { UseMutationResult } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useNavigate } from 'react-router';

/**
 * What a create dialog does with its form and mutation: closing resets both; a success closes the dialog and
 * opens the new item at `pathOf(item)`.
 */
export function useCreateDialog<Item, Failure, Variables>(
  form: FormInstance,
  mutation: UseMutationResult<Item, Failure, Variables>,
  onClose: () => void,
  pathOf: (item: Item) => string,
) {
  const navigate = useNavigate();
  const close = () => {
    form.resetFields();
    mutation.reset();
    onClose();
  };
  const submit = (variables: Variables) =>
    mutation.mutate(variables, {
      onSuccess: (item) => {
        close();
        navigate(pathOf(item));
      },
    });
  return { close, submit };
}
