/** One text message to one mobile. `purpose` says why it was sent (a verification purpose or a notice). */
export interface SmsMessage {
  to: string;
  text: string;
  purpose: string;
}

/** Sends text messages; resolves once the provider has accepted the message, else throws SmsSendError. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The provider did not accept a message; the message says why, for the log. */
export class SmsSendError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SmsSendError';
  }
}
