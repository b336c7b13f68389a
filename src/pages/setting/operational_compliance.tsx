import { ContentPage } from '../common/ContentPage';

/** The white paper (operational compliance), written by the operator. */
export default function OperationalCompliancePage() {
  return <ContentPage name="operational_compliance" titleKey="route.setting.operational_compliance" />;
}
