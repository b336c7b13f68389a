import { serviceStatus } from '../../api/service';
import { UnreadBadge } from '../../components/service/UnreadBadge';

const unread = () => serviceStatus().then((s) => s.unread);

/** The unread customer-service count, asking the service status itself (Home loads this lazily, with its API module). */
export default function ServiceUnread() {
  return <UnreadBadge load={unread} />;
}
