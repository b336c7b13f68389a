import { ContentPage } from '../../components/ContentPage';
import { contentPage } from '../../api/profile';

export default function ContactUsPage() {
  return <ContentPage name="contactus" fetch={() => contentPage('contactus')} titleKey="route.common.contactus" />;
}
