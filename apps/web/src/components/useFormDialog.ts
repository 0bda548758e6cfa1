import { useId } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  useForm,
} from "react-hook-form";

/**
 * A `FormDialog` holding a react-hook-form form (validated by `resolver`, starting at `empty`): `close` empties the
 * form again and calls `onClose`; `dialogProps(onSubmit)` are the dialog's open state, ids, closing, validated
 * submit and progress (its failure: none, the fields show theirs).
 */
export function useFormDialog<T extends FieldValues>({
  open,
  onClose,
  resolver,
  empty,
  criteriaMode,
}: {
  open: boolean;
  onClose: () => void;
  resolver: UseFormProps<T>["resolver"];
  empty: T;
  /** "all": every broken rule of a field is shown, not only the first. */
  criteriaMode?: UseFormProps<T>["criteriaMode"];
}) {
  const id = useId();
  const form = useForm<T>({ resolver, defaultValues: empty as DefaultValues<T>, criteriaMode });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const dialogProps = (onSubmit: SubmitHandler<T>) => ({
    open,
    onClose: close,
    id,
    onSubmit: form.handleSubmit(onSubmit),
    pending: form.formState.isSubmitting,
    failure: null,
  });
  return { form, close, dialogProps };
}
