/**
 * The log-privacy registry of the HTTP suites: every service a test starts registers its log
 * lines, and the test helper records the personal data and secrets the tests send and receive.
 * The root hook (log-privacy-hook.ts) then checks, once at the end of the run, that no log line
 * of any service holds any recorded value.
 */

// the JSON fields (and query parameters) whose values are personal data
const SENSITIVE_FIELDS = new Set(['doc', 'document', 'cpf', 'cnpj', 'name', 'nome', 'razao_social', 'email', 'phone', 'telefone', 'birth_date']);
// shorter values would hit by chance (a name "Ana" inside an unrelated word)
const MIN_LENGTH = 6;
const SECRET_PREFIXES = ['sk_live_', 'sk_test_', 'whsec_'];
const FILE_TOKEN = /\/files\/([^/?#\s"]+)/g;
const DOCUMENT_SEGMENT = /^(\d{11}|\d{14})$/;
const REGISTRY = Symbol.for('kyc-svc.test.log-privacy');

interface Registry {
  recorded: Set<string>;
  logs: { label: string; lines: readonly string[] }[];
}

// mocha loads the root hook through require and the specs through import, so this module can
// exist twice in one run: the registry lives on the global object, shared by both copies
const registry = ((globalThis as { [REGISTRY]?: Registry })[REGISTRY] ??= { recorded: new Set(), logs: [] });
const { recorded, logs } = registry;

/** A service's log lines, kept by reference: lines written later are checked too. */
export function registerLogs(label: string, lines: readonly string[]): void {
  logs.push({ label, lines });
}

export function recordSensitive(value: string): void {
  if (value.length < MIN_LENGTH) return;
  recorded.add(value);
  // a log line is JSON: a value with quotes or backslashes appears escaped there
  const escaped = JSON.stringify(value).slice(1, -1);
  if (escaped !== value) recorded.add(escaped);
}

/** What a request sends: document path segments, sensitive query parameters and JSON fields. */
export function recordRequest(path: string, body: unknown): void {
  const url = new URL(path, 'http://test.invalid');
  for (const segment of url.pathname.split('/')) if (DOCUMENT_SEGMENT.test(segment)) recordSensitive(segment);
  for (const [name, value] of url.searchParams) if (SENSITIVE_FIELDS.has(name)) recordDocumentOrText(value);
  recordFileTokens(path);
  if (body instanceof FormData) {
    for (const [name, value] of body) if (SENSITIVE_FIELDS.has(name) && typeof value === 'string') recordDocumentOrText(value);
  } else if (typeof body === 'string') {
    recordText(body);
  } else {
    recordJson(body);
  }
}

/** What a response returns: its JSON fields, secrets, and signed file URLs (also in Location). */
export function recordResponse(response: Response, text: string | null): void {
  recordFileTokens(response.url);
  const location = response.headers.get('location');
  if (location) recordFileTokens(location);
  if (text !== null) recordText(text);
}

function recordText(text: string): void {
  try {
    recordJson(JSON.parse(text));
  } catch {
    // not JSON: nothing structured to record, but secrets and file URLs still count
    recordJson(text);
  }
}

function recordJson(value: unknown, field: string | null = null): void {
  if (typeof value === 'string') {
    if (field !== null && SENSITIVE_FIELDS.has(field)) recordDocumentOrText(value);
    if (SECRET_PREFIXES.some((prefix) => value.startsWith(prefix))) recordSensitive(value);
    recordFileTokens(value);
  } else if (Array.isArray(value)) {
    for (const item of value) recordJson(item, field);
  } else if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) recordJson(item, name);
  }
}

/** A document may be logged as sent or as its digits alone. */
function recordDocumentOrText(value: string): void {
  recordSensitive(value);
  const digits = value.replace(/\D/g, '');
  if (digits.length === 11 || digits.length === 14) recordSensitive(digits);
}

function recordFileTokens(text: string): void {
  for (const match of text.matchAll(FILE_TOKEN)) recordSensitive(match[1]!);
}

/** Every log line holding a recorded value, with the value found; one pass over the lines. */
export function findLeaks(): { label: string; value: string; line: string }[] {
  const leaks: { label: string; value: string; line: string }[] = [];
  if (recorded.size === 0) return leaks;
  const values = [...recorded];
  for (const { label, lines } of logs) {
    for (const line of lines) {
      const value = values.find((v) => line.includes(v));
      if (value !== undefined) leaks.push({ label, value, line });
    }
  }
  return leaks;
}
