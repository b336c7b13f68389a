import type { ReactNode } from 'react';
import { Form } from 'antd-mobile';
import { SubmitFooter } from './SubmitFooter';
import styles from './form-page.module.css';

/** what Form.useForm<V>() gives (antd-mobile does not export its type) */
export type FormOf<V> = ReturnType<typeof Form.useForm<V>>[0];

export interface VerticalFormProps<V> {
  form: FormOf<V>;
  onFinish: (values: V) => void | Promise<void>;
  /** the submit button's label */
  submit: ReactNode;
  pending: boolean;
  /** the submit button is off for another reason than a submission in flight */
  disabled?: boolean;
  /** the form's name (ids of its fields) */
  name?: string;
  /** what the fields start with (a prefilled invite code, a default choice) */
  initialValues?: Partial<V>;
  /** a page's own look for the form in place of the form pages' (the sign-in pages') */
  className?: string;
  children: ReactNode;
}

/** Labels above the boxes, no required marks, the submit button as the footer: the one form the form pages share. */
export function VerticalForm<V>({
  form,
  onFinish,
  submit,
  pending,
  disabled,
  name,
  initialValues,
  className = styles.form,
  children,
}: VerticalFormProps<V>) {
  return (
    <Form
      form={form}
      name={name}
      initialValues={initialValues}
      layout="vertical"
      className={className}
      onFinish={onFinish}
      requiredMarkStyle="none"
      footer={
        <SubmitFooter pending={pending} disabled={disabled}>
          {submit}
        </SubmitFooter>
      }
    >
      {children}
    </Form>
  );
}
