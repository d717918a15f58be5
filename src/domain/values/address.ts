/** Brazilian postal address (interface: Customer address rules). */
export interface Address {
  street: string;
  number?: string;
  complement?: string;
  neighborhood?: string;
  city: string;
  state: string;
  zip: string;
}

export const STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const;

/** Length limits of the subfields (the interface leaves them to us). */
export const ADDRESS_LIMITS = { street: 200, number: 20, complement: 100, neighborhood: 100, city: 100 } as const;

export type AddressResult = { address: Address } | { problem: string; field: string };

/** street and city required and bounded; number, complement, neighborhood bounded; a real UF; zip 8 digits. */
export function parseAddress(raw: unknown): AddressResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { problem: 'address must be an object.', field: 'address' };
  const input = raw as Record<string, unknown>;
  const allowed = ['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zip'];
  const unknown = Object.keys(input).find((k) => !allowed.includes(k));
  if (unknown) return { problem: `Unknown address field ${unknown}.`, field: `address.${unknown}` };
  const text = (field: keyof typeof ADDRESS_LIMITS, required: boolean): string | undefined | { problem: string; field: string } => {
    const value = input[field];
    if (value === undefined || value === null || value === '') {
      return required ? { problem: `address.${field} is required.`, field: `address.${field}` } : undefined;
    }
    if (typeof value !== 'string' || value.trim() === '' || value.length > ADDRESS_LIMITS[field]) {
      return { problem: `address.${field} must be text of at most ${ADDRESS_LIMITS[field]} characters.`, field: `address.${field}` };
    }
    return value.trim();
  };
  const street = text('street', true);
  const city = text('city', true);
  const number = text('number', false);
  const complement = text('complement', false);
  const neighborhood = text('neighborhood', false);
  for (const part of [street, city, number, complement, neighborhood]) if (typeof part === 'object') return part;
  const state = typeof input['state'] === 'string' ? input['state'].trim().toUpperCase() : '';
  if (!(STATES as readonly string[]).includes(state)) return { problem: 'address.state must be a two-letter Brazilian state code.', field: 'address.state' };
  const zip = typeof input['zip'] === 'string' || typeof input['zip'] === 'number' ? String(input['zip']).replace(/\D/g, '') : '';
  if (zip.length !== 8) return { problem: 'address.zip must have 8 digits.', field: 'address.zip' };
  return {
    address: {
      street: street as string,
      ...(number ? { number: number as string } : {}),
      ...(complement ? { complement: complement as string } : {}),
      ...(neighborhood ? { neighborhood: neighborhood as string } : {}),
      city: city as string,
      state,
      zip,
    },
  };
}
