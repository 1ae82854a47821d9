import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { commonTexts } from '../i18n/zh-TW/common';
import { Button, buttonClass } from './button';
import { Modal } from './modal';

interface NoticeModalProps {
  message: string | null;
  onClose: () => void;
  /** Only when the LINE id is not yet bound: a way to the binding screen. */
  offerLineBind?: boolean;
  /** The close button's words, when the screen's spec names other ones (such as OK). */
  closeLabel?: string;
  /** Ways on that the message opens (links styled as buttons), offered before the close button. */
  waysOn?: ReactNode;
}

/** The notice modal: a message, a close button, and the ways on it opens (binding LINE when unbound, or the screen's own). */
export function NoticeModal({
  message,
  onClose,
  offerLineBind = false,
  closeLabel = commonTexts.close,
  waysOn = null,
}: NoticeModalProps) {
  const closeIsSecondary = offerLineBind || waysOn !== null;
  return (
    <Modal
      size="confirm"
      bodyIsMessage
      open={message !== null}
      title={commonTexts.noticeTitle}
      onClose={onClose}
      footer={
        <>
          {offerLineBind ? (
            <Link to="/line_bind" className={buttonClass('primary')}>
              {commonTexts.goBindLine}
            </Link>
          ) : null}
          {waysOn}
          <Button variant={closeIsSecondary ? 'secondary' : 'primary'} onClick={onClose}>
            {closeLabel}
          </Button>
        </>
      }
    >
      <p className="whitespace-pre-line">{message}</p>
    </Modal>
  );
}
