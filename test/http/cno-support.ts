import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import type { TestService } from '../helpers/service.js';

type Json = Record<string, any>;

export const CNPJ_A = withCheckDigits('112223330001');
export const CNPJ_B = withCheckDigits('112223330002');

export const entity = (cnpj: string, name: string) => ({ cnpj, name, ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: cnpj === CNPJ_A });

/** Names the tenant's reporting entities in its compliance settings (the rest as seeded). */
export async function setReportingEntities(service: TestService, tenantId: string, entities: readonly Json[], extraHolidays: readonly Json[] = []): Promise<void> {
  const path = `/tenants/${tenantId}/compliance_settings`;
  const settings = (await (await service.operator(path)).json()) as Json;
  const response = await service.operator(path, {
    method: 'PUT',
    json: {
      holidays: [...settings.holidays, ...extraHolidays],
      reporting_entities: entities,
      tp_env: settings.tp_env,
      cod_enq: settings.cod_enq,
      cc4001_cod_enq: settings.cc4001_cod_enq,
      cos_four_eyes: false,
      note: 'entidades comunicantes',
    },
  });
  if (response.status !== 200) throw new Error(`compliance settings: ${response.status} ${await response.text()}`);
}

/**
 * A communication of a suspicion case sent to COAF, as the case's commands record it: prepared
 * (a lote of the reporting CNPJ), sent at `sentAt`, and its receipt matched the next day.
 */
export async function sentCommunication(service: TestService, tenantId: string, cnpj: string, num: string, sentAt: string, at: string): Promise<string> {
  const caseId = randomUUID();
  const communicationId = `${caseId}:lote`;
  const metadata: EventMetadata = { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: at, correlation_id: caseId, causation_id: null };
  const occurrence = {
    NumOcorrencia: num,
    CPFCNPJCom: cnpj,
    DtInicio: '20/05/2026',
    DtFim: '20/05/2026',
    AgNum: '0001',
    AgNome: 'Matriz',
    AgMun: 'São Paulo',
    AgUF: 'SP',
    Det: 'Depósitos fracionados.',
    VlCred: '50000',
    VlDeb: '0',
    VlProv: '0',
    VlProp: '0',
    CodEnq: ['101'],
    ENVOLVIDOS: [],
  };
  const events = [
    {
      id: randomUUID(),
      type: 'SuspicionCommunicationPrepared',
      data: { case_id: caseId, subject_ref: `ref-${caseId}`, communication_id: communicationId, kind: 'lote', num_ocorrencia: num, reporting_cnpj: cnpj, occurrence, justification: null, prepared_by: 'operator', prepared_at: at },
    },
    { id: randomUUID(), type: 'SuspicionCommunicationSent', data: { case_id: caseId, communication_id: communicationId, sent_at: sentAt, amendment_justification_after: sentAt, by: 'operator', recorded_at: at } },
    {
      id: randomUUID(),
      type: 'SuspicionReceiptMatched',
      data: { case_id: caseId, communication_id: communicationId, numero_coaf: `COAF-${num}`, autenticacao: 'AUT', valor: '50000', status: 'OK', receipt_sha256: 'h', matched_at: at },
    },
  ];
  await service.services.log.append(`suspicion-${caseId}`, events, metadata, 'no_stream');
  await service.services.runner.waitFor(await service.services.eventStore.headPosition(), 30_000);
  return caseId;
}
