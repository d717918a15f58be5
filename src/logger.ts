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
 * An error for a log line: name and the first line of the message, bounded, with digit runs
 * masked (driver messages can quote values, and documents are digit runs).
 */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n')[0]!.slice(0, 300).replace(/\d{6,}/g, '[digits]');
}
