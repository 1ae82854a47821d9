/** A message LINE's share target picker sends. */
export interface LineTextMessage {
  type: 'text';
  text: string;
}

/** The part of the LIFF SDK the app uses. */
export interface LineSdk {
  isInClient(): boolean;
  isLoggedIn(): boolean;
  login(options?: { redirectUri?: string }): void;
  /** Forgets LIFF's LINE login on this page (its stored tokens). */
  logout(): void;
  getAccessToken(): string | null;
  isApiAvailable(apiName: string): boolean;
  /** Resolves with a status once sent, and with nothing when the member closed the picker. */
  shareTargetPicker(messages: LineTextMessage[]): Promise<unknown>;
}
