import * as E from 'fp-ts/lib/Either.js';
import { sha256Hex } from '../../adapters/crypto.js';
import { evidenceFormat } from '../../adapters/evidence-format.js';
import { newId } from '../../adapters/ids.js';
import type { Caller } from '../../commands/caller.js';
import { loadComplianceSettings } from '../../commands/compliance-settings.js';
import { attachSuspicionEvidence, recordKycSnapshot, visibleCase } from '../../commands/dossier.js';
import {
  amendCommunication,
  exportCommunication,
  markCommunicationSent,
  prepareCommunication,
  recordSiscoafReceipts,
  recordSiscoafResponse,
  unmatchedReceiptItems,
} from '../../commands/suspicion-communications.js';
import { closeSuspicionCase, decideSuspicionCase, dismissSuspicionCase, noteSuspicionCase, openSuspicionCase, selectSuspicionCase } from '../../commands/suspicion.js';
import { buildReciboRequest, encodeLatin1 } from '../../domain/siscoaf/build.js';
import { DomainError } from '../../domain/shared/decider.js';
import type { SuspiciousOperation } from '../../domain/suspicion/events.js';
import type { SiscoafWorkItem, SuspicionDashboardPort } from '../../http/dashboard/suspicion/port.js';
import { isOverdue, SUSPICION_CASES, type SuspicionCaseDoc } from '../../projections/suspicion-cases.js';
import { caseDossier, caseKycSnapshot } from '../../queries/dossier.js';
import { snapshotBlob } from '../../queries/kyc-snapshot.js';
import { readLookups } from '../../queries/lookups.js';
import { suspicionCaseView } from '../../queries/suspicion-dashboard.js';
import { exportDossier } from '../../queries/dossier.js';
import { siscoafDate } from '../../domain/siscoaf/format.js';
import { brasiliaDate } from '../../domain/calendar/business-days.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Shared } from '../shared.js';

const userId = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.user_id}` : 'operator');
/** The typed operation as the command takes it; its date starts the selection clock (noon in Brasília). */
const operationOf = (operation: Parameters<SuspicionDashboardPort['openCase']>[0]['operation']) =>
  operation ? { operation: operation as unknown as SuspiciousOperation, occurred_at: /^\d{4}-\d{2}-\d{2}$/.test(operation.date) ? `${operation.date}T12:00:00-03:00` : null } : {};

/** The COAF screens' port, wired to the case-core commands and queries and the dossier's exports (issue 30). */
export function suspicionDashboardPort(infra: Infrastructure, shared: Shared): SuspicionDashboardPort {
  const { log, readStore, blobStore, clock, secretKey } = infra;
  const comm = { log, blobStore };
  const tenantOfCase = async (caseId: string, caller: Caller) => {
    const found = await visibleCase(log, caseId, caller);
    return E.isLeft(found) ? null : found.right;
  };
  return {
    listCases: async (tenantId) => {
      const now = clock.now().toISOString();
      const docs = await readStore.find<SuspicionCaseDoc>(SUSPICION_CASES, { where: { tenant_id: tenantId }, limit: 500 });
      return docs.map((d) => ({ case_id: d.case_id, status: d.status, origin: d.origin, reason_codes: d.reason_codes, other_reason: null, clocks: d.clocks, overdue: isOverdue(d, now), communication_status: (d.amendments[d.amendments.length - 1] ?? d.communication)?.status ?? null, occurred_at: d.occurred_at }));
    },
    caseDetail: (caseId, caller) => suspicionCaseView({ log, readStore }, caseId, caller, clock.now().toISOString()),
    codeTables: async (tenantId) => {
      const s = await loadComplianceSettings(log, tenantId);
      return { cod_enq: s.cod_enq, tp_env: s.tp_env, entities: s.reporting_entities.map((e) => ({ cnpj: e.cnpj, name: e.name, default: e.default })) };
    },
    openCase: async (input, caller, context) => {
      if (caller.kind !== 'user') return E.left(new DomainError('tenant_not_found', 'Empresa não encontrada.'));
      const origin = { kind: input.kind, ref: input.ref };
      const environment = input.kind === 'alert' ? 'live' : ((await readStore.get<{ environment: 'live' | 'sandbox' }>('runs', input.ref))?.doc.environment ?? 'live');
      return openSuspicionCase({ log, secretKey, lookups: readLookups(readStore) }, { tenant_id: caller.tenant_id, environment, origin, reason_codes: input.reason_codes, other_reason: input.other_reason, description: input.description, ...operationOf(input.operation) }, caller, context);
    },
    select: (id, input, caller, context) => selectSuspicionCase(log, id, input, caller, context),
    dismiss: (id, input, caller, context) => dismissSuspicionCase(log, id, input, caller, context),
    note: (id, input, caller, context) => noteSuspicionCase(log, id, input, caller, context),
    attachEvidence: async (id, file, caller, context) => {
      if (!(await tenantOfCase(id, caller))) return E.left(new DomainError('case_not_found', 'Caso não encontrado.', 'case_id'));
      const format = await evidenceFormat(file.content, file.file_name);
      if (!format) return E.left(new DomainError('invalid_request', 'O arquivo deve ser PDF, imagem (JPEG, PNG, WebP, TIFF, GIF), XML, CSV ou texto.', 'file'));
      const evidence = { evidence_id: newId(), file_name: file.file_name, content_type: format.mime, data: file.content, sha256: sha256Hex(file.content), by: userId(caller) };
      const result = await attachSuspicionEvidence(log, blobStore, id, evidence, caller, context);
      return E.map((position: number | null) => ({ position }))(result as E.Either<DomainError, number | null>);
    },
    takeSnapshot: async (id, _input, caller, context) => {
      if (!(await tenantOfCase(id, caller))) return E.left(new DomainError('case_not_found', 'Caso não encontrado.', 'case_id'));
      const snapshot = await caseKycSnapshot({ log, readStore }, id, context.metadata.occurred_at);
      if (!snapshot) return E.left(new DomainError('case_not_found', 'Caso não encontrado.', 'case_id'));
      return recordKycSnapshot(log, blobStore, id, { snapshot_id: newId(), ...snapshotBlob(snapshot), by: userId(caller) }, caller, context);
    },
    decide: async (id, input, caller, context) => {
      const decision = input.decision === 'comunicar' || input.decision === 'nao_comunicar' ? input.decision : null;
      if (!decision) return E.left(new DomainError('invalid_request', 'Escolha comunicar ou não comunicar.', 'decision'));
      if (input.rationale === '') return E.left(new DomainError('invalid_request', 'Escreva a fundamentação da decisão.', 'rationale'));
      const result = await decideSuspicionCase(log, id, { ...input, decision }, caller, context);
      return E.map((r: { position: number | null; events: readonly { type: string }[] }) => ({ position: r.position, outcome: r.events.some((e) => e.type === 'SuspicionCaseDecided') ? ('decided' as const) : ('proposed' as const) }))(result);
    },
    prepare: async (id, input, caller, context) => {
      const edit = { det: input.Det, vl_cred: input.VlCred, vl_deb: input.VlDeb, vl_prov: input.VlProv, vl_prop: input.VlProp, cod_enq: input.CodEnq };
      const state = await tenantOfCase(id, caller);
      const lote = state?.primary ? state.communications[state.primary] : undefined;
      if (lote && (lote.status === 'validated' || lote.status === 'receipt_matched')) return amendCommunication(comm, id, 'retificacao', { justification: input.justification, edit }, caller, context);
      return prepareCommunication(comm, id, edit, caller, context);
    },
    exportXml: async (id, caller, context) => E.map((r: { position: number | null; xml: Buffer; file_name: string }) => ({ position: r.position, file_name: r.file_name, content_type: 'application/xml; charset=ISO-8859-1', body: r.xml }))(await exportCommunication(comm, id, {}, caller, context)),
    markSent: (id, input, caller, context) => markCommunicationSent(log, id, input, caller, context),
    recordResponse: (id, input, caller, context) => recordSiscoafResponse(log, id, input.content, caller, context),
    cancel: (id, input, caller, context) => amendCommunication(comm, id, 'cancelamento', { justification: input.reason, ...(input.reason ? { reason: input.reason } : {}) }, caller, context),
    close: (id, input, caller, context) => closeSuspicionCase(log, id, input, caller, context),
    snapshotFile: async (id, caller) => {
      const found = await caseDossier({ log, readStore, blobStore }, id, caller);
      if (E.isLeft(found)) return found;
      const last = found.right.kyc[found.right.kyc.length - 1];
      if (!last) return E.left(new DomainError('not_found', 'Nenhum retrato do KYC neste caso.'));
      return E.right({ file_name: `kyc-${id}.json`, content_type: 'application/json; charset=utf-8', body: Buffer.from(JSON.stringify(last.content, null, 2)) });
    },
    dossier: async (id, format, caller, context) => exportDossier({ log, readStore, blobStore, pdfRenderer: shared.pdfRenderer }, id, format, caller, context),
    ...siscoafPort(infra),
  };
}

/** The tenant's Siscoaf work: receipts matched back to cases, the work list, the LOTERECIBO request. */
function siscoafPort(infra: Infrastructure): Pick<SuspicionDashboardPort, 'matchReceipt' | 'siscoafWork' | 'reciboRequest'> {
  const { log, readStore, clock } = infra;
  return {
    matchReceipt: async (tenantId, content, caller, context) =>
      E.map((r: { position: number | null; matched: { numero_origem: string; case_id: string; numero_coaf: string }[]; unmatched: { numero_origem: string; numero_coaf: string }[] }) => ({
        position: r.position,
        matched: r.matched.map((m) => ({ num_ocorrencia: m.numero_origem, numero_coaf: m.numero_coaf, autenticacao: '', case_id: m.case_id })),
        unmatched: r.unmatched.map((u) => ({ num_ocorrencia: u.numero_origem, numero_coaf: u.numero_coaf })),
      }))(await recordSiscoafReceipts(log, tenantId, content, caller, context)),
    siscoafWork: async (tenantId): Promise<SiscoafWorkItem[]> => {
      const docs = await readStore.find<SuspicionCaseDoc>(SUSPICION_CASES, { where: { tenant_id: tenantId }, limit: 500 });
      const work = docs.flatMap((d) =>
        [d.communication, ...d.amendments].flatMap((c): SiscoafWorkItem[] => {
          if (c?.status === 'rejected') return [{ kind: 'rejected', num_ocorrencia: c.num_ocorrencia, detail: c.errors.map((e) => `ERR ${e.code}: ${e.description}`).join('; ') || 'Rejeitada', case_id: d.case_id }];
          if (c?.status === 'sent' || c?.status === 'validated') return [{ kind: 'awaiting_receipt', num_ocorrencia: c.num_ocorrencia, detail: 'Aguardando o recibo do Siscoaf', case_id: d.case_id }];
          return [];
        }),
      );
      const unmatched = (await unmatchedReceiptItems(log, tenantId)).map((i): SiscoafWorkItem => ({ kind: 'unmatched', num_ocorrencia: i.numero_origem, detail: `Número COAF ${i.numero_coaf}`, case_id: null }));
      return [...work, ...unmatched];
    },
    reciboRequest: async (tenantId, cnpj, date) => {
      const s = await loadComplianceSettings(log, tenantId);
      const entity = cnpj ? s.reporting_entities.find((e) => e.cnpj === cnpj) : (s.reporting_entities.find((e) => e.default) ?? s.reporting_entities[0]);
      if (!entity) return E.left(new DomainError('invalid_request', 'Cadastre a entidade comunicante nas configurações de compliance.', 'cnpj'));
      const xml = buildReciboRequest(entity.cnpj, siscoafDate(date), siscoafDate(brasiliaDate(clock.now().toISOString())));
      return E.right({ file_name: `lote-recibo-${entity.cnpj}-${date}.xml`, content_type: 'application/xml; charset=ISO-8859-1', body: encodeLatin1(xml) });
    },
  };
}

