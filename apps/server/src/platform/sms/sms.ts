export interface SmsMessage {
  /** E.164 phone number. */
  to: string;
  text: string;
}

export interface Sms {
  kind: 'outbox';
  send(message: SmsMessage): Promise<void>;
}
