import { ContentPage } from '../../components/ContentPage';
import { contentPage } from '../../api/profile';

/** The white paper (operational compliance), written by the operator. */
export default function OperationalCompliancePage() {
  return (
    <ContentPage
      name="operational_compliance"
      fetch={() => contentPage('operational_compliance')}
      titleKey="route.setting.operational_compliance"
    />
  );
}
