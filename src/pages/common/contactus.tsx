import { ContentPage } from './ContentPage';

export default function ContactUsPage() {
  return <ContentPage name="contactus" titleKey="route.common.contactus" />;
}
