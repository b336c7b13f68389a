import { session } from '../../stores/session';
import { uploadImage } from '../../api/profile';
import { GUEST_HEADER_NAME, guestToken } from '../../api/service';

/** An image for the chat: a user's through /api/upload, a guest's through the guest upload (same checks, a quota per IP). */
export function serviceUpload(file: File): Promise<string> {
  const g = !session.token ? guestToken() : '';
  return g
    ? uploadImage(file, { url: '/service/guest/upload', headers: { [GUEST_HEADER_NAME]: g } })
    : uploadImage(file);
}
