import type { CnpjRegister, RegisterView } from '../cnpj-register/port.js';
import { DEFAULT_THRESHOLD } from '../../domain/screening/match/score.js';
import { normalizeDocument } from '../../domain/values/document.js';
import { cadastralAnswer } from './cnpj-register-cadastral.js';
import type { ListSearch } from '../../domain/screening/port.js';
import { partnersAnswer } from './cnpj-register-partners.js';
import { bcbRestrictionsAnswer } from './bcb-restrictions.js';
import { LIST_SOURCES } from './lists.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';

/**
 * Live `receita_cnpj` and `partners` from the Receita Federal's open CNPJ register
 * (../shared/data/cnpj/LAYOUT.md), once a month of it is loaded; until then, and for every other
 * source, the fallback (the lists, then the provider gateway) answers as before. Each query reads
 * one `RegisterView`, so an answer never mixes two months even when a new one is swapped in
 * meanwhile, and records the month it read.
 */
export class RegisterSource implements Source {
  constructor(
    private readonly register: CnpjRegister,
    private readonly catalog: Pick<ListSearch, 'search' | 'version'>,
    private readonly fallback: Source,
    private readonly threshold = DEFAULT_THRESHOLD,
  ) {}

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    const served = request.source_id === 'receita_cnpj' || request.source_id === 'partners' || request.source_id === 'bcb_restrictions';
    if (!served || request.subject.type !== 'pj') return this.fallback.query(request, signal);
    let view: RegisterView | null;
    try {
      view = await this.register.current();
    } catch {
      return errorAnswer('register_unavailable', 'The CNPJ register could not be read.');
    }
    if (!view) return this.fallback.query(request, signal);
    try {
      const cnpj = normalizeDocument(String(request.subject.doc));
      const name = typeof request.subject.name === 'string' ? request.subject.name.trim() : '';
      if (request.source_id === 'receita_cnpj') return await cadastralAnswer(view, cnpj, name);
      const search = (query: Parameters<ListSearch['search']>[1], options: Parameters<ListSearch['search']>[2]) => this.catalog.search(request.tenant_id, query, options);
      if (request.source_id === 'bcb_restrictions') {
        // the company and its partners and administrators against QGI/QGP (bcb-restrictions.ts); no list loaded: the lists' own error
        const versions = LIST_SOURCES['bcb_restrictions']!.lists.map((id) => this.catalog.version(id)?.version ?? null).filter((v) => v !== null);
        if (versions.length === 0) return this.fallback.query(request, signal);
        return await bcbRestrictionsAnswer({ view, cnpj, subject: request.subject, search, versions, threshold: this.threshold, memory: request.memory ?? [] });
      }
      return await partnersAnswer({ view, cnpj, search, version: (id) => this.catalog.version(id)?.version ?? null, threshold: this.threshold, signal, ...(request.now ? { as_of: request.now } : {}) });
    } catch (error) {
      if (signal.aborted) return errorAnswer('timeout', 'The query was aborted before the register answered.');
      return errorAnswer('register_unavailable', `The CNPJ register could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

