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

export interface SmsSendErrorOptions extends ErrorOptions {
  /** The provider had the message before it failed (no answer in time, a 5xx): it may have sent it. */
  mayHaveGone?: boolean;
}

/** The provider did not accept a message; the message says why, for the log. */
export class SmsSendError extends Error {
  /**
   * Whether the message may have reached the mobile all the same. Such a send is counted against
   * the limits: a provider that sends and then fails must not let a caller text a mobile past them.
   */
  readonly mayHaveGone: boolean;

  constructor(message: string, { mayHaveGone = false, ...options }: SmsSendErrorOptions = {}) {
    super(message, options);
    this.name = 'SmsSendError';
    this.mayHaveGone = mayHaveGone;
  }
}
