import type { CaseKind } from '../../domain/assignment/events.js';
import type { DashboardRole } from './state.js';

/**
 * The pt-BR words every screen prints for a code (statuses, decisions, risk, roles, ...): one
 * place, so a screen and another never name the same code two ways. The run and report labels
 * are the PDF reports' own (the same facts read the same on paper and on screen).
 */
export { ACTION_LABEL, BAND_LABEL, CHECK_STATUS_LABEL, DECISION_LABEL, SEVERITY_LABEL, STATUS_LABEL, label } from '../../reports/html.js';
export { FEATURE_LABEL } from '../../reports/screening-section.js';

export const ENVIRONMENT_LABEL: Record<string, string> = { live: 'Produção', sandbox: 'Sandbox' };

export const CUSTOMER_STATUS_LABEL: Record<string, string> = {
  rascunho: 'Rascunho',
  em_analise: 'Em análise',
  aprovado: 'Aprovado',
  pendencia: 'Pendência',
  recusado: 'Recusado',
  inactive: 'Inativo',
  em_monitoramento: 'Em monitoramento',
};
export const DOCUMENT_STATUS_LABEL: Record<string, string> = { pendente: 'Pendente', aprovado: 'Aprovado', rejeitado: 'Rejeitado' };
export const ALERT_STATUS_LABEL: Record<string, string> = { open: 'Aberto', delisted: 'Encerrado (entrada saiu da lista)', resolved: 'Resolvido' };
export const RESOLUTION_LABEL: Record<string, string> = { true_positive: 'verdadeiro positivo', false_positive: 'falso positivo' };
export const FACIAL_CHECK_LABEL: Record<string, string> = { face_match: 'Comparação facial', passive_liveness: 'Prova de vida passiva' };

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', analyst: 'Analista', viewer: 'Leitura' };
export const USER_STATUS_LABELS = { invited: 'Convidado', active: 'Ativo', deactivated: 'Desativado' };

/** A case's kind as a sentence names it ("Caso (alerta) atribuído a ..."). */
export const KIND_NAMES: Record<CaseKind, string> = { run: 'execução', alert: 'alerta', document: 'documento' };

/** An analyst's review of a run: the buttons' verbs. */
export const REVIEW_DECISIONS = { approved: 'Aprovar', rejected: 'Reprovar' } as const;

export const ERASURE_STATUS_LABELS: Record<'scheduled' | 'erased', string> = { scheduled: 'agendado', erased: 'apagado' };

export const TIERS = [
  [1, 'Crítica'],
  [2, 'Importante'],
  [3, 'Informativa'],
] as const;

/** The audit screen's kinds of author. */
export const ACTOR_TYPE_LABEL = { user: 'Usuário do painel', api_key: 'Chave de API', operator: 'Operador da plataforma', system: 'Sistema' } as const;

/** The screened lists by the names their publishers give them (issue 28: never `br_pep` on screen, the id only as a tooltip). */
export const LIST_LABEL: Record<string, string> = {
  ofac_sdn: 'OFAC – Lista SDN (EUA)',
  un_sc: 'Conselho de Segurança da ONU – Lista consolidada',
  eu_fsf: 'União Europeia – Sanções financeiras',
  uk_fcdo: 'Reino Unido – Lista de sanções (FCDO)',
  br_ceis: 'CEIS – Cadastro de Empresas Inidôneas e Suspensas',
  br_cnep: 'CNEP – Cadastro Nacional de Empresas Punidas',
  br_cepim: 'CEPIM – Entidades sem fins lucrativos impedidas',
  br_ceaf: 'CEAF – Expulsões da Administração Federal',
  br_pep: 'PEP – Pessoas Expostas Politicamente (CGU)',
  br_trabalho_escravo: 'Cadastro de Empregadores (trabalho análogo ao de escravo)',
};

/** The quality of a list entry's name. */
export const NAME_KIND_LABEL: Record<string, string> = { primary: 'Nome principal', alias: 'Alias', weak_alias: 'Alias fraco', former: 'Nome anterior' };

/** An analyst's disposition of a list hit. */
export const DISPOSITION_LABEL: Record<string, string> = { true_match: 'Confirmado pelo analista', false_positive: 'Descartado pelo analista' };
