/**
 * Structured JSON lines on stdout/stderr. Callers pass identifiers (request ids, tenant ids,
 * positions), never personal data, keys or request bodies.
 */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(): Logger {
  const write = (level: string, stream: NodeJS.WriteStream) => (message: string, fields: Record<string, unknown> = {}) =>
    stream.write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  return { info: write('info', process.stdout), warn: write('warn', process.stderr), error: write('error', process.stderr) };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/** Collects lines in memory: tests assert on what would have been logged. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const write = (level: string) => (message: string, fields: Record<string, unknown> = {}) => {
    lines.push(JSON.stringify({ level, message, ...fields }));
  };
  return { lines, info: write('info'), warn: write('warn'), error: write('error') };
}

/**
 * An error for a log line: name and the first line of the message, bounded, with what drivers
 * quote from the data masked: MongoDB's duplicate-key values, e-mail addresses, formatted
 * CPF/CNPJ and digit runs (documents unformatted).
 */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .split('\n')[0]!
    .slice(0, 1000)
    .replace(/dup key: \{.*\}/g, 'dup key: {[masked]}')
    .replace(/[^\s@'"<>(){}[\],;:]+@[^\s@'"<>(){}[\],;:]+/g, '[email]')
    .replace(/\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/g, '[document]')
    .replace(/\d{6,}/g, '[digits]')
    .slice(0, 300);
}
