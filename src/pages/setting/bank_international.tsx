import { BankForm } from './BankForm';

export default function BankInternationalPage() {
  return <BankForm international />;
}
