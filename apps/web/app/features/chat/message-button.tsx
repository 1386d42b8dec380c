import { Form } from 'react-router';
import { buttonClass, type ButtonVariant } from '../../components/button-styles.ts';

/** Opens (or starts) the direct-message chat with a person: POST /chat/d, which needs canDm. */
export function MessageButton({ userId, variant = 'primary' }: { userId: number; variant?: ButtonVariant }) {
  return (
    <Form method="post" action="/chat/d">
      <input type="hidden" name="userId" value={userId} />
      <button type="submit" className={buttonClass(variant)}>
        Message
      </button>
    </Form>
  );
}
