import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; anything that could carry a credential is redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["set-auth-token"]',
          'res.headers["set-cookie"]',
          'res.headers["set-auth-token"]',
          '*.token',
          '*.code',
          '*.otp',
          '*.refreshToken',
          '*.password',
          '*.secret',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
