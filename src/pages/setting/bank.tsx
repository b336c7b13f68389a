import { BankForm } from './BankForm';

export default function BankPage() {
  return <BankForm international={false} />;
}
