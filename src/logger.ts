import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';

/**
 * Structured JSON lines through pino. Callers pass identifiers (request ids, tenant ids,
 * positions), never personal data, keys or request bodies.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** The request a line is written for: set around each request, read by every line written inside it. */
const requestScope = new AsyncLocalStorage<{ request_id: string }>();

/** Runs `fn` as part of a request: lines written meanwhile (commands, awaited work) carry its id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ request_id: requestId }, fn);
}

/**
 * Runs `fn` outside any request: for loops a request only wakes (the worker), whose later lines
 * (timers, other items) are not part of that request.
 */
export function outsideRequest<T>(fn: () => T): T {
  return requestScope.exit(fn);
}

// field names that only ever hold secrets; a caller passing one by mistake logs the censor
const SECRET_FIELDS = ['api_key', 'token', 'secret', 'password', 'authorization', 'operator_token', 'secret_key'];

/** One configuration for the service and the tests: only the destination differs. */
const OPTIONS: LoggerOptions = {
  base: undefined,
  messageKey: 'message',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  mixin: () => requestScope.getStore() ?? {},
  redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)], censor: '[redacted]' },
};

function pinoLogger(destination: DestinationStream): Logger {
  const logger = pino(OPTIONS, destination);
  return {
    info: (message, fields = {}) => logger.info(fields, message),
    warn: (message, fields = {}) => logger.warn(fields, message),
    error: (message, fields = {}) => logger.error(fields, message),
  };
}

/** info on stdout; warn and error on stderr. */
export function jsonLogger(): Logger {
  return pinoLogger(
    pino.multistream(
      [
        { level: 'info', stream: pino.destination({ dest: 1, sync: true }) },
        { level: 'warn', stream: pino.destination({ dest: 2, sync: true }) },
      ],
      { dedupe: true },
    ),
  );
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Collects lines in memory, serialized exactly as the service's: tests assert on what would have been logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, ...pinoLogger({ write: (line: string) => void lines.push(line.trimEnd()) }) };
}

/**
 * An error for a log line: name and the first line of the message, bounded, with what drivers
 * quote from the data masked: MongoDB's duplicate-key values, e-mail addresses, formatted
 * CPF/CNPJ (an alphanumeric CNPJ too, formatted or not) and digit runs (documents unformatted).
 */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .split('\n')[0]!
    .slice(0, 1000)
    .replace(/dup key: \{.*\}/g, 'dup key: {[masked]}')
    .replace(/[^\s@'"<>(){}[\],;:]+@[^\s@'"<>(){}[\],;:]+/g, '[email]')
    .replace(/\d{3}\.\d{3}\.\d{3}-\d{2}|[\dA-Z]{2}\.[\dA-Z]{3}\.[\dA-Z]{3}\/[\dA-Z]{4}-\d{2}/gi, '[document]')
    // an unformatted alphanumeric CNPJ: a digit run the next rule would not see
    .replace(/\b(?=\d*[A-Z])[\dA-Z]{12}\d{2}\b/gi, '[document]')
    .replace(/\d{6,}/g, '[digits]')
    .slice(0, 300);
}
