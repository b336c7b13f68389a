import type { ReactNode } from 'react';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CodeButton } from './CodeButton';

/** antd-mobile's rule shape, as the rule helpers (rules.ts, amountRules) build it */
type Rules = NonNullable<Parameters<typeof Form.Item>[0]['rules']>;

interface ItemProps {
  name: string;
  label: ReactNode;
  rules: Rules;
}

/** A password box checked on blur; `dependencies` re-checks a confirmation when the password it must match changes. */
export function PasswordItem({
  name,
  label,
  rules,
  placeholder,
  autoComplete = 'off',
  clearable,
  dependencies,
}: ItemProps & { placeholder: string; autoComplete?: string; clearable?: boolean; dependencies?: string[] }) {
  return (
    <Form.Item name={name} label={label} validateTrigger="onBlur" dependencies={dependencies} rules={rules}>
      <Input type="password" autoComplete={autoComplete} placeholder={placeholder} clearable={clearable} />
    </Form.Item>
  );
}

/** An email box (the email keyboard, the browser's saved addresses). */
export function EmailItem({ name, label, rules }: ItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} validateTrigger="onBlur" rules={rules}>
      <Input type="email" inputMode="email" autoComplete="email" placeholder={t('auth.emailPlaceholder')} clearable />
    </Form.Item>
  );
}

/** A six-digit code box; with `send`, the Send code button and its countdown beside it. */
export function CodeItem({ name, label, rules, send }: ItemProps & { send?: () => Promise<boolean> }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      validateTrigger="onBlur"
      rules={rules}
      extra={send ? <CodeButton send={send} /> : undefined}
    >
      <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" placeholder={t('auth.codePlaceholder')} />
    </Form.Item>
  );
}

/** An amount box (decimal keyboard) with what stands under it (`description`) and beside it (`extra`, e.g. All). */
export function AmountItem({
  name = 'amount',
  label,
  rules,
  description,
  extra,
}: Omit<ItemProps, 'name'> & { name?: string; description?: ReactNode; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label} validateTrigger="onBlur" rules={rules} extra={extra} description={description}>
      <Input inputMode="decimal" placeholder={t('acct.amountPlaceholder')} clearable />
    </Form.Item>
  );
}
