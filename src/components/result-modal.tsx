import { commonTexts } from '../i18n/zh-TW/common';
import { Button } from './button';
import { Modal } from './modal';

interface ResultModalProps {
  /** What the member's change came to; null hides the modal. */
  message: string | null;
  /** The member confirmed (the OK button, or Esc): the screen goes on. */
  onConfirm: () => void;
}

/** The outcome of a change the member made, confirmed with the OK button before the screen goes on. */
export function ResultModal({ message, onConfirm }: ResultModalProps) {
  return (
    <Modal
      size="confirm"
      bodyIsMessage
      open={message !== null}
      title={commonTexts.noticeTitle}
      onClose={onConfirm}
      footer={<Button onClick={onConfirm}>{commonTexts.ok}</Button>}
    >
      <p className="whitespace-pre-line">{message}</p>
    </Modal>
  );
}
