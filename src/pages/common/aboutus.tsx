import { ContentPage } from './ContentPage';

export default function AboutUsPage() {
  return <ContentPage name="aboutus" titleKey="route.common.aboutus" />;
}
