import { ContentPage } from '../../components/ContentPage';
import { contentPage } from '../../api/profile';

export default function AboutUsPage() {
  return <ContentPage name="aboutus" fetch={() => contentPage('aboutus')} titleKey="route.common.aboutus" />;
}
