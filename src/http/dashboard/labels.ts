import { LIST_INFO } from '../../domain/list/info.js';
import type { CaseKind } from '../../domain/assignment/events.js';
import type { DashboardRole } from './state.js';

/**
 * The pt-BR words every screen prints for a code (statuses, decisions, risk, roles, ...): one
 * place, so a screen and another never name the same code two ways. The run and report labels
 * are the PDF reports' own (the same facts read the same on paper and on screen).
 */
export { ACTION_LABEL, BAND_LABEL, CHECK_STATUS_LABEL, DECISION_LABEL, SEVERITY_LABEL, STATUS_LABEL, label } from '../../reports/html.js';
export { FEATURE_LABEL } from '../../reports/screening-section.js';

export const SUBJECT_TYPE_LABEL: Record<'pf' | 'pj', string> = { pf: 'Pessoa física', pj: 'Pessoa jurídica' };

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
/** Why a source did not answer, as an analyst reads it (the source's own text, often English, as the tooltip). */
export const SOURCE_ERROR_LABEL: Record<string, string> = {
  timeout: 'A fonte não respondeu a tempo.',
  provider_error: 'O fornecedor da fonte devolveu um erro.',
  provider_bad_response: 'O fornecedor da fonte respondeu em formato inesperado.',
  source_unavailable: 'Fonte indisponível no momento.',
  register_unavailable: 'Base do cadastro CNPJ indisponível.',
  list_not_loaded: 'A lista desta fonte não está carregada.',
  unsupported_subject: 'A fonte não atende este tipo de pessoa.',
  unknown_source: 'Fonte desconhecida no catálogo.',
  source_not_configured: 'Fonte não configurada: nenhum fornecedor definido para ela.',
  source_failed: 'Falha técnica na fonte.',
};

export const DOCUMENT_TYPE_LABEL: Record<string, string> = {
  identidade_frente: 'Identidade (frente)',
  identidade_verso: 'Identidade (verso)',
  cnh_frente: 'CNH (frente)',
  cnh_verso: 'CNH (verso)',
  passaporte: 'Passaporte',
  comprovante_endereco: 'Comprovante de endereço',
  selfie: 'Selfie',
  contrato_social: 'Contrato social',
  comprovante_cnpj: 'Comprovante de CNPJ',
  procuracao: 'Procuração',
  balanco: 'Balanço',
  outro: 'Outro documento',
};
export const FACIAL_STATUS_LABEL: Record<string, string> = { Approved: 'Aprovada', Declined: 'Recusada', Error: 'Falha técnica' };
export const FACIAL_CHECK_LABEL: Record<string, string> = { face_match: 'Comparação facial', passive_liveness: 'Prova de vida passiva' };

export const ROLE_LABELS: Record<DashboardRole, string> = { admin: 'Administrador', analyst: 'Analista', viewer: 'Leitura', compliance_officer: 'Oficial de compliance' };
export const USER_STATUS_LABELS = { invited: 'Convidado', active: 'Ativo', deactivated: 'Desativado' };

/** A case's kind as a sentence names it ("Caso (alerta) atribuído a ..."). */
export const KIND_NAMES: Record<CaseKind, string> = { run: 'execução', alert: 'alerta', document: 'documento' };

/** An analyst's review of a run: the buttons' verbs. */
export const REVIEW_DECISIONS = { approved: 'Aprovar', rejected: 'Reprovar' } as const;

export const ERASURE_STATUS_LABELS: Record<'scheduled' | 'held' | 'erased', string> = { scheduled: 'agendado', held: 'retido por guarda legal', erased: 'apagado' };
/** The annual negative communication's task status (Circular 3.978 art. 54). */
export const CNO_STATUS_LABELS: Record<'pending' | 'sent' | 'not_required', string> = { pending: 'pendente', sent: 'enviada', not_required: 'não exigida' };
/** The record class a legal hold names (never a suspicion dossier: art. 50). */
export const RETENTION_CLASS_LABELS: Record<'customer_kyc' | 'operation', string> = { customer_kyc: 'informações cadastrais do cliente', operation: 'registros de operações' };

export const TIERS = [
  [1, 'Crítica'],
  [2, 'Importante'],
  [3, 'Informativa'],
] as const;

/** The audit screen's kinds of author. */
export const ACTOR_TYPE_LABEL = { user: 'Usuário do painel', api_key: 'Chave de API', operator: 'Operador da plataforma', system: 'Sistema' } as const;

/** A customer's case (issue 28): its status, priority, the reason codes of its items, and the steps of its history. */
export const CASE_STATUS_LABEL: Record<string, string> = { open: 'Aberto', in_progress: 'Em andamento', escalated: 'Escalado ao compliance', closed: 'Encerrado' };
export const CASE_PRIORITY_LABEL: Record<string, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' };
export const CASE_REASON_LABEL: Record<string, string> = {
  sanctions_hit: 'Sanções',
  partners_sanctions: 'Sócios em sanções',
  internal_list_hit: 'Lista interna',
  is_pep: 'PEP',
  partners_pep: 'Sócios PEP',
  ceis_cnep_listed: 'CEIS/CNEP/TCU',
  slave_labor_listed: 'Trabalho escravo',
  bcb_barred: 'Banco Central (inabilitado/proibido)',
  environmental_embargo: 'Embargo ambiental (IBAMA)',
  run_pending_review: 'Revisão manual',
  run_blocked: 'Bloqueada',
  run_partial: 'Parcial',
  run_review: 'Decisão: revisar',
  document_pending: 'Documento pendente',
  criminal_proceedings: 'Processos criminais',
  civil_proceedings: 'Processos cíveis',
  adverse_media: 'Mídia negativa',
  cpf_regular: 'CPF irregular',
  cnpj_active: 'CNPJ inativo',
  name_match: 'Nome não confere',
  not_deceased: 'Óbito',
};
export const CASE_HISTORY_LABEL: Record<string, string> = {
  opened: 'Caso aberto',
  reopened: 'Caso reaberto',
  item_added: 'Item incluído',
  item_resolved: 'Item resolvido',
  assigned: 'Responsável alterado',
  comment: 'Comentário',
  escalation: 'Escalado ao oficial de compliance',
  closing: 'Caso encerrado',
  run_review_proposal: 'Proposta de revisão (quatro olhos)',
  run_review: 'Revisão da execução',
  alert_resolution: 'Conclusão do alerta',
  document_review: 'Revisão do documento',
  freeze_recorded: 'Bloqueio por sanções confirmado',
  freeze_measures: 'Medidas de bloqueio registradas',
  freeze_draft: 'Rascunho de comunicação gerado',
  freeze_sent: 'Comunicação enviada',
};

/** The addressees of a freeze's communications (Lei 13.810/2019, art. 11; issue 29). */
export const FREEZE_ADDRESSEE_LABEL: Record<string, string> = { bcb: 'Banco Central (BCB)', mjsp: 'Ministério da Justiça (MJSP/DRCI)', coaf: 'COAF (Siscoaf)' };
export const FREEZE_ASSET_LABEL: Record<string, string> = { conta: 'Conta', investimento: 'Investimento', cambio: 'Câmbio', credito: 'Crédito', bem: 'Bem', outro: 'Outro' };

/** Every event as the audit screen and the timelines name it (the type itself as the tooltip). */
export const EVENT_LABEL: Record<string, string> = {
  ApiKeyCreated: 'Chave de API criada',
  ApiKeyRevoked: 'Chave de API revogada',
  CaseAssigned: 'Caso atribuído',
  CaseAssigneeChanged: 'Responsável pelo caso alterado',
  CaseClosed: 'Caso encerrado',
  CaseCommented: 'Comentário no caso',
  CaseEscalated: 'Caso escalado ao compliance',
  CaseFreezeRecorded: 'Bloqueio por sanções registrado no caso',
  FreezeMeasuresRecorded: 'Medidas de bloqueio registradas',
  FreezeCommunicationDrafted: 'Rascunho de comunicação do bloqueio gerado',
  FreezeCommunicationSent: 'Comunicação do bloqueio enviada',
  CaseItemAdded: 'Item incluído no caso',
  CaseItemResolved: 'Item do caso resolvido',
  CaseOpened: 'Caso aberto',
  CaseReopened: 'Caso reaberto',
  SuspicionCaseOpened: 'Caso de comunicação ao COAF aberto',
  SuspicionCaseSelected: 'Situação selecionada para análise',
  SuspicionCaseDismissed: 'Situação não selecionada',
  SuspicionCaseNoted: 'Nota no dossiê',
  SuspicionEvidenceAttached: 'Evidência anexada ao dossiê',
  SuspicionKycSnapshotTaken: 'Retrato do cadastro anexado ao dossiê',
  SuspicionDecisionProposed: 'Decisão proposta (aguarda aprovação)',
  SuspicionCaseDecided: 'Decisão registrada',
  SuspicionCommunicationPrepared: 'Comunicação ao COAF preparada',
  SuspicionCommunicationExported: 'XML do Siscoaf gerado',
  SuspicionCommunicationSent: 'Comunicação enviada ao Siscoaf',
  SuspicionResponseRecorded: 'Resposta de validação do Siscoaf registrada',
  SuspicionReceiptMatched: 'Recibo do Siscoaf conciliado',
  SuspicionCommunicationCancelled: 'Comunicação ao COAF cancelada',
  SuspicionCaseClosed: 'Caso de comunicação ao COAF encerrado',
  SiscoafReceiptItemsUnmatched: 'Recibo do Siscoaf sem comunicação correspondente',
  SuspicionDossierExported: 'Dossiê exportado',
  CreditsAdded: 'Créditos adicionados',
  CreditsCaptured: 'Créditos debitados',
  CreditsReleased: 'Reserva de créditos liberada',
  CreditsReserved: 'Créditos reservados',
  CustomerDraftCompleted: 'Cadastro completado',
  CustomerQualificationUpdated: 'Qualificação atualizada',
  CustomerRegistered: 'Cliente cadastrado',
  CustomerRunAborted: 'Consulta do cliente interrompida',
  CustomerRunConcluded: 'Consulta do cliente concluída',
  CustomerRunRequested: 'Consulta do cliente solicitada',
  CustomerStatusChanged: 'Situação do cliente alterada',
  DocumentReviewed: 'Documento revisado',
  DocumentUploaded: 'Documento enviado',
  ErasureRequested: 'Eliminação de dados solicitada',
  ErasureRescheduled: 'Eliminação de dados reagendada',
  CnoTaskOpened: 'Declaração anual de não ocorrência aberta (Circular 3.978, art. 54)',
  CnoSentRecorded: 'Protocolo da declaração anual de não ocorrência registrado',
  FacialRoundCompleted: 'Verificação facial concluída',
  FacialRoundStarted: 'Verificação facial iniciada',
  FacialVerificationPerformed: 'Verificação facial realizada',
  FxAnalysisCompleted: 'Análise de câmbio concluída',
  FxAnalysisRequested: 'Análise de câmbio solicitada',
  FxOperationCreated: 'Operação de câmbio registrada',
  FxOperationSubmitted: 'Operação de câmbio enviada',
  IdempotencyKeyClaimed: 'Chave de idempotência reservada',
  IdempotencyKeyReleased: 'Chave de idempotência liberada',
  IdempotentResponseRecorded: 'Resposta idempotente registrada',
  LaudoDownloaded: 'Laudo baixado',
  LaudoNumberAllocated: 'Número de laudo atribuído',
  ListChecked: 'Lista verificada',
  ListFetchFailed: 'Falha ao baixar lista',
  ListHitDisposed: 'Resultado em lista decidido pelo analista',
  CustomerPepRelationshipDeclared: 'Relacionamento com PEP declarado',
  CustomerPepRelationshipRemoved: 'Relacionamento com PEP retirado',
  ListVersionImported: 'Versão de lista importada',
  ListVersionRefused: 'Versão de lista recusada',
  MonitoringAlertDelisted: 'Alerta encerrado (saiu da lista)',
  MonitoringAlertRaised: 'Alerta de monitoramento levantado',
  MonitoringAlertResolved: 'Alerta de monitoramento resolvido',
  AlertWebhookDelivered: 'Aviso do alerta entregue ao sistema da instituição',
  MonitoringSweepCompleted: 'Varredura de monitoramento concluída',
  MonitoringSweepProgressed: 'Varredura de monitoramento em andamento',
  MonitoringSweepStarted: 'Varredura de monitoramento iniciada',
  OnboardingProfileSet: 'Perfil de onboarding definido',
  PeriodicReviewDeferred: 'Revisão periódica adiada',
  ReportGenerated: 'Relatório gerado',
  RunCancelled: 'Execução cancelada',
  RunCompleted: 'Execução concluída',
  RunFailed: 'Execução com falha técnica',
  RunHitDisposed: 'Resultado em lista decidido pelo analista',
  ComplianceSettingsVersioned: 'Nova versão das configurações de compliance (calendário, comunicação ao COAF)',
  RunQueued: 'Execução enfileirada',
  RunReviewProposed: 'Revisão de execução proposta',
  RunReviewed: 'Execução revisada',
  RunSourcesRetried: 'Fontes com falha consultadas de novo',
  RunStarted: 'Execução iniciada',
  SourceAnswered: 'Fonte respondeu',
  SubjectErased: 'Dados pessoais eliminados',
  TemplateAvailabilityChanged: 'Disponibilidade do modelo alterada',
  TemplateCreated: 'Modelo criado',
  TemplateRevised: 'Modelo revisado',
  TenantCreated: 'Conta criada',
  TenantListCreated: 'Lista interna criada',
  TenantSettingsChanged: 'Configurações da conta alteradas',
  UserActivated: 'Usuário ativado',
  UserDeactivated: 'Usuário desativado',
  UserInvited: 'Usuário convidado',
  UserLockedOut: 'Usuário bloqueado por tentativas',
  UserLoggedIn: 'Usuário entrou',
  UserLoggedOut: 'Usuário saiu',
  UserPasswordResetIssued: 'Redefinição de senha emitida',
  UserPasswordSet: 'Senha definida',
  UserRoleChanged: 'Papel do usuário alterado',
  UserSessionsRevoked: 'Sessões do usuário revogadas',
  ValueReleased: 'Reserva liberada',
  ValueReserved: 'Valor reservado',
  WebhookAttemptRecorded: 'Tentativa de webhook registrada',
  WebhookDeliveryAbandoned: 'Entrega de webhook abandonada',
  WebhookDeliveryScheduled: 'Entrega de webhook agendada',
  WebhookEndpointChanged: 'Endpoint de webhook alterado',
  WebhookEndpointSet: 'Endpoint de webhook definido',
  WebhookRedeliveryRequested: 'Reenvio de webhook solicitado',
  WebhookSecretRotated: 'Segredo de webhook trocado',
};
/** The screened lists by the names their publishers give them (issue 28: never `br_pep` on screen, the id only as a tooltip). */
export const LIST_LABEL: Record<string, string> = Object.fromEntries(Object.entries(LIST_INFO).map(([id, info]) => [id, info.name]));

/** The quality of a list entry's name. */
export const NAME_KIND_LABEL: Record<string, string> = { primary: 'Nome principal', alias: 'Alias', weak_alias: 'Alias fraco', former: 'Nome anterior' };

/** An analyst's disposition of a list hit. */
export const DISPOSITION_LABEL: Record<string, string> = { true_match: 'Confirmado pelo analista', false_positive: 'Descartado pelo analista' };

/** Issue 30: the regulatory case (Circular BCB 3.978), its communication to COAF and where it came from. */
export const SUSPICION_STATUS_LABEL: Record<string, string> = {
  pending_selection: 'Aguardando seleção',
  dismissed: 'Não selecionado',
  in_analysis: 'Em análise',
  awaiting_approval: 'Aguardando confirmação',
  decided: 'Decidido',
  closed: 'Encerrado',
};
export const COMMUNICATION_STATUS_LABEL: Record<string, string> = {
  pending: 'A gerar',
  xml_generated: 'XML gerado',
  sent: 'Enviada',
  validated: 'Validada pelo Siscoaf',
  rejected: 'Rejeitada pelo Siscoaf',
  receipt_matched: 'Recibo conferido',
  cancelled: 'Cancelada',
};
export const SUSPICION_ORIGIN_LABEL: Record<string, string> = { alert: 'Alerta de monitoramento', run: 'Execução', report: 'Comunicação da instituição (API)', analyst: 'Analista' };
export const SUSPICION_DECISION_LABEL: Record<string, string> = { comunicar: 'Comunicar ao COAF', nao_comunicar: 'Não comunicar' };
/** The clocks of a case and the rule each one keeps (the rule as the tooltip). */
export const SUSPICION_CLOCK_LABEL: Record<string, { text: string; basis: string }> = {
  selection_due_at: { text: 'Seleção', basis: 'Circular BCB 3.978, art. 39, parágrafo único: seleção em até 45 dias da operação ou situação' },
  analysis_due_at: { text: 'Análise', basis: 'Circular BCB 3.978, art. 43, § 1º: análise em até 45 dias da seleção' },
  communication_due_at: { text: 'Comunicação ao COAF', basis: 'Circular BCB 3.978, art. 48, § 2º: comunicação até o dia útil seguinte ao da decisão' },
  amendment_justification_after: { text: 'Retificação sem justificativa', basis: 'Circular BCB 3.978, art. 51: alteração ou cancelamento após o 5º dia útil da comunicação exige justificativa' },
};
/** Issue 30: the kinds of a holiday of the business-day calendar, and the Siscoaf code tables. */
export const HOLIDAY_KIND_LABEL: Record<string, string> = { nacional: 'Nacional', bancario: 'Sem expediente bancário', institucional: 'Da instituição' };
export const CODE_TABLE_LABEL: Record<string, string> = { tp_env: 'Tipos de envolvimento (TpEnv)', cod_enq: 'Enquadramentos (CodEnq)' };
export const WEEKDAY_LABEL: readonly string[] = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];
