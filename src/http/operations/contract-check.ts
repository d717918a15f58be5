/**
 * The operation codecs agree with the document, checked by the compiler: for every operation
 * codec, `Assert<Agree<Codec, DocumentType>>` below fails `tsc` (npm run typecheck, part of
 * `npm test`) when the codec's decoded type and the type the document (openapi/openapi.yaml and
 * its parts, generated into packages/client/src/schema.ts by `npm run openapi:types`) gives the
 * same input differ. Nothing here runs: the file holds types only.
 *
 * Both sides are normalised first (`Wire`), for what the document cannot express: io-ts brands
 * (a UUID is a string), readonly, an optional field against one whose type admits `undefined`,
 * intersections flattened, a multipart file part against the document's `format: binary`
 * string. Where a codec transforms its input, the document's type is compared with the codec's
 * DECODED type when the document describes the value (a `limit` string decodes to the integer
 * the document names); where it describes an opaque token (a list cursor, which decodes to the
 * position it names), that one field is compared as the string it is on the wire (`RawFields`).
 *
 * To see it bite: change a codec (say, `note` of ReviewRunBody to t.number) or a document part
 * and run `npx tsc -p tsconfig.json --noEmit`: "Type 'false' does not satisfy the constraint
 * 'true'" on the operation's line.
 */
import type * as t from 'io-ts';
import type { operations } from '../../../packages/client/src/schema.js';
import type { CustomerCreateRequest, QualificationUpdateRequest } from '../customer-input.js';
import type { ResolveAlertBody, AlertIdParams, ListAlertsQuery, TenantAlertsParams } from './alerts.js';
import type { AuditStreamsQuery } from './audit.js';
import type { AssignCaseBody, AssignCasesBody, CaseIdParams, CaseNoteBody, CommentCaseBody, ListCasesQuery, TenantCasesParams } from './cases.js';
import type { CreateCustomerBody, CustomerIdParams, DocumentIdParams, ListCustomersQuery, OperatorCustomerParams, ReviewDocumentBody, SetCustomerStatusBody } from './customers.js';
import type { ComplianceTenantParams, ComplianceVersionParams, PutComplianceSettingsBody } from './compliance-settings.js';
import type { CreateErasureRequestBody } from './erasure.js';
import type { CancellationBody, CreateSuspicionCaseBody, DecisionBody, CommunicationBody, DismissBody, ListSuspicionCasesQuery, NoteBody, OperatorOpenBody, RectificationBody, ReceiptRequestQuery, SelectBody, SentBody, SuspicionCaseIdParams, SuspicionTenantParams, XmlQuery } from './suspicion-cases.js';
import type { FreezeMeasuresBody, MarkSentBody } from './freeze.js';
import type { VerifyFacialBody } from './facial.js';
import type { CreateFxOperationBody, FxOperationIdParams, TenantFxParams } from './fx.js';
import type { CreateTenantListBody, ListUploadBody, ListUploadQuery, OfficialListParams, TenantListParams, TenantListsParams } from './lists.js';
import type { DisposeRunHitBody } from './run-hits.js';
import type { DeclarePepRelationshipBody, PepRelationshipParams } from './pep-relationships.js';
import type { CreateRunBody, ListRunsQuery, ReportModeQuery, ReviewRunBody, RunIdParams } from './runs.js';
import type { CompareScreeningBody, SearchScreeningBody } from './screening.js';
import type { FilePart } from './shared.js';
import type { CreateOnboardingProfileBody, CreateTemplateBody, OnboardingProfileParams, TemplateIdParams, UpdateTemplateBody } from './templates.js';
import type { AddCreditsBody, ApiKeyParams, CreateApiKeyBody, CreateTenantBody, TenantIdParams, UpdateTenantBody } from './tenants.js';
import type { InviteUserBody, UserParams } from './users.js';
import type { DeliveryIdParams, ListWebhookDeliveriesQuery, SetWebhookEndpointBody, TenantDeliveriesParams, WebhookEndpointParams } from './webhooks.js';

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

type OptionalKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : undefined extends T[K] ? K : never }[keyof T];
type Flat<T> = { [K in keyof T]: T[K] };
type Primitive = string | number | boolean | bigint | symbol | null | undefined;

/** What both sides mean on the wire, whatever the way their types are written. */
export type Wire<T> =
  T extends t.Brand<unknown>
    ? T extends string
      ? string
      : T extends number
        ? number
        : T
    : T extends FilePart
      ? string
      : T extends Primitive
        ? T
        : T extends readonly (infer U)[]
          ? Wire<U>[]
          : T extends object
            ? string extends keyof T
              ? { [key: string]: Wire<T[keyof T & string]> }
              : Flat<{ [K in Exclude<keyof T, OptionalKeys<T>>]: Wire<T[K]> } & { [K in OptionalKeys<T>]?: Wire<Exclude<T[K], undefined>> }>
              : T;

/** The codec's decoded type and the document's type mean the same input. */
type Agree<Decoded, Document> = Equals<Wire<Decoded>, Wire<Document>>;

/** `fields` compared as the strings they are on the wire (opaque tokens the codec decodes to what they name). */
export type RawFields<T, K extends keyof T> = Omit<T, K> & { [P in K]?: string };

/**
 * `fields` the codec hands over unchecked to the command or decider that owns their rule (a run's
 * subject against its template's parameters, a template's parameter names): their type is the
 * document's, the rest of the codec is compared.
 */
export type Delegated<T, Document, K extends keyof T & keyof Document> = Omit<T, K> & Pick<Document, K>;

type Op = operations;
export type Json<O extends keyof Op> = Op[O] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
export type Multipart<O extends keyof Op> = Op[O] extends { requestBody: { content: { 'multipart/form-data': infer B } } } ? B : never;
export type Path<O extends keyof Op> = Op[O]['parameters']['path'];
export type Query<O extends keyof Op> = NonNullable<Op[O]['parameters']['query']>;
type Decoded<C extends t.Mixed> = t.TypeOf<C>;

// public: customers
export type Checks = [
  Assert<Agree<CustomerCreateRequest, Json<'createCustomer'>>>,
  Assert<Agree<QualificationUpdateRequest, Json<'updateCustomerQualification'>>>,
  Assert<Agree<RawFields<Decoded<typeof ListCustomersQuery>, 'cursor'>, Query<'listCustomers'>>>,
  Assert<Agree<Decoded<typeof CustomerIdParams>, Path<'getCustomer'>>>,
  Assert<Agree<Decoded<typeof CustomerIdParams>, Path<'uploadCustomerDocument'>>>,
  Assert<Agree<Decoded<typeof CustomerIdParams>, Path<'listCustomerPepRelationships'>>>,
  Assert<Agree<Decoded<typeof CustomerIdParams>, Path<'declareCustomerPepRelationship'>>>,
  Assert<Agree<Decoded<typeof DeclarePepRelationshipBody>, Json<'declareCustomerPepRelationship'>>>,
  Assert<Agree<Decoded<typeof PepRelationshipParams>, Path<'removeCustomerPepRelationship'>>>,
  // public: runs, reports, laudos
  Assert<Agree<Delegated<Decoded<typeof CreateRunBody>, Json<'createRun'>, 'subject'>, Json<'createRun'>>>,
  Assert<Agree<RawFields<Decoded<typeof ListRunsQuery>, 'cursor'>, Query<'listRuns'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'getRun'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'getRunAnalysis'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'getRunDetail'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'getRunReport'>>>,
  Assert<Agree<Decoded<typeof ReportModeQuery>, Query<'getRunReport'>>>,
  Assert<Agree<Decoded<typeof FxOperationIdParams>, Path<'getFxOperationLaudo'>>>,
  // public: facial verification, screening
  Assert<Agree<Decoded<typeof VerifyFacialBody>, Multipart<'verifyFacial'>>>,
  Assert<Agree<Decoded<typeof SearchScreeningBody>, Json<'searchScreening'>>>,
  Assert<Agree<Decoded<typeof CompareScreeningBody>, Json<'compareScreening'>>>,
  // operator: tenants, keys
  Assert<Agree<Decoded<typeof CreateTenantBody>, Json<'createTenant'>>>,
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'getTenant'>>>,
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'updateTenantSettings'>>>,
  Assert<Agree<Decoded<typeof UpdateTenantBody>, Json<'updateTenantSettings'>>>,
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'addTenantCredits'>>>,
  Assert<Agree<Decoded<typeof AddCreditsBody>, Json<'addTenantCredits'>>>,
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'listApiKeys'>>>,
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'createApiKey'>>>,
  Assert<Agree<Decoded<typeof CreateApiKeyBody>, Json<'createApiKey'>>>,
  Assert<Agree<Decoded<typeof ApiKeyParams>, Path<'revokeApiKey'>>>,
  // operator: dashboard users
  Assert<Agree<Decoded<typeof TenantIdParams>, Path<'inviteDashboardUser'>>>,
  Assert<Agree<Decoded<typeof InviteUserBody>, Json<'inviteDashboardUser'>>>,
  Assert<Agree<Decoded<typeof UserParams>, Path<'resetDashboardUserPassword'>>>,
  // operator: templates, onboarding profiles
  Assert<Agree<Delegated<Decoded<typeof CreateTemplateBody>, Json<'createTemplate'>, 'parameters'>, Json<'createTemplate'>>>,
  Assert<Agree<Decoded<typeof TemplateIdParams>, Path<'getTemplate'>>>,
  Assert<Agree<Decoded<typeof TemplateIdParams>, Path<'updateTemplate'>>>,
  Assert<Agree<Delegated<Decoded<typeof UpdateTemplateBody>, Json<'updateTemplate'>, 'parameters'>, Json<'updateTemplate'>>>,
  Assert<Agree<Decoded<typeof OnboardingProfileParams>, Path<'setOnboardingProfile'>>>,
  Assert<Agree<Decoded<typeof CreateOnboardingProfileBody>, Json<'setOnboardingProfile'>>>,
  // operator: runs
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'reviewRun'>>>,
  Assert<Agree<Decoded<typeof ReviewRunBody>, Json<'reviewRun'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'cancelRun'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'disposeRunHit'>>>,
  Assert<Agree<Decoded<typeof DisposeRunHitBody>, Json<'disposeRunHit'>>>,
  Assert<Agree<Decoded<typeof RunIdParams>, Path<'generateRunReport'>>>,
  Assert<Agree<Decoded<typeof ReportModeQuery>, Query<'generateRunReport'>>>,
  // operator: FX operations
  Assert<Agree<Decoded<typeof TenantFxParams>, Path<'createFxOperation'>>>,
  Assert<Agree<Decoded<typeof CreateFxOperationBody>, Json<'createFxOperation'>>>,
  Assert<Agree<Decoded<typeof FxOperationIdParams>, Path<'getFxOperation'>>>,
  Assert<Agree<Decoded<typeof FxOperationIdParams>, Path<'submitFxOperation'>>>,
  Assert<Agree<Decoded<typeof FxOperationIdParams>, Path<'requestFxAnalysis'>>>,
  // operator: lists
  Assert<Agree<Decoded<typeof OfficialListParams>, Path<'uploadOfficialListVersion'>>>,
  Assert<Agree<Decoded<typeof ListUploadQuery>, Query<'uploadOfficialListVersion'>>>,
  Assert<Agree<Decoded<typeof ListUploadBody>, Multipart<'uploadOfficialListVersion'>>>,
  Assert<Agree<Decoded<typeof OfficialListParams>, Path<'refreshOfficialList'>>>,
  Assert<Agree<Decoded<typeof TenantListsParams>, Path<'listTenantLists'>>>,
  Assert<Agree<Decoded<typeof TenantListsParams>, Path<'createTenantList'>>>,
  Assert<Agree<Decoded<typeof CreateTenantListBody>, Json<'createTenantList'>>>,
  Assert<Agree<Decoded<typeof TenantListParams>, Path<'uploadTenantListVersion'>>>,
  Assert<Agree<Decoded<typeof ListUploadQuery>, Query<'uploadTenantListVersion'>>>,
  Assert<Agree<Decoded<typeof ListUploadBody>, Multipart<'uploadTenantListVersion'>>>,
  // operator: monitoring alerts
  Assert<Agree<Decoded<typeof TenantAlertsParams>, Path<'listAlerts'>>>,
  Assert<Agree<RawFields<Decoded<typeof ListAlertsQuery>, 'cursor'>, Query<'listAlerts'>>>,
  Assert<Agree<Decoded<typeof AlertIdParams>, Path<'getAlert'>>>,
  Assert<Agree<Decoded<typeof AlertIdParams>, Path<'resolveAlert'>>>,
  Assert<Agree<Decoded<typeof ResolveAlertBody>, Json<'resolveAlert'>>>,
  // operator: cases
  Assert<Agree<Decoded<typeof TenantCasesParams>, Path<'listCases'>>>,
  Assert<Agree<RawFields<Decoded<typeof ListCasesQuery>, 'cursor'>, Query<'listCases'>>>,
  Assert<Agree<Decoded<typeof TenantCasesParams>, Path<'assignCases'>>>,
  Assert<Agree<Decoded<typeof AssignCasesBody>, Json<'assignCases'>>>,
  Assert<Agree<Decoded<typeof CaseIdParams>, Path<'getCase'>>>,
  Assert<Agree<Decoded<typeof CaseIdParams>, Path<'commentCase'>>>,
  Assert<Agree<Decoded<typeof CommentCaseBody>, Json<'commentCase'>>>,
  Assert<Agree<Decoded<typeof CaseIdParams>, Path<'assignCase'>>>,
  Assert<Agree<Decoded<typeof AssignCaseBody>, Json<'assignCase'>>>,
  Assert<Agree<Decoded<typeof CaseIdParams>, Path<'escalateCase'>>>,
  Assert<Agree<Decoded<typeof CaseNoteBody>, Json<'escalateCase'>>>,
  Assert<Agree<Decoded<typeof CaseIdParams>, Path<'closeCase'>>>,
  Assert<Agree<Decoded<typeof CaseNoteBody>, Json<'closeCase'>>>,
  // a confirmed sanctions freeze's measures and communications (issue 29)
  Assert<Agree<Decoded<typeof FreezeMeasuresBody>, Json<'recordSanctionsFreezeMeasures'>>>,
  Assert<Agree<Decoded<typeof FreezeMeasuresBody>, Json<'recordCaseFreezeMeasures'>>>,
  Assert<Agree<Decoded<typeof MarkSentBody>, Json<'markFreezeCommunicationSent'>>>,
  // operator: customers, documents, erasure
  Assert<Agree<Decoded<typeof OperatorCustomerParams>, Path<'setCustomerStatus'>>>,
  Assert<Agree<Decoded<typeof SetCustomerStatusBody>, Json<'setCustomerStatus'>>>,
  Assert<Agree<Decoded<typeof DocumentIdParams>, Path<'reviewDocument'>>>,
  Assert<Agree<Decoded<typeof ReviewDocumentBody>, Json<'reviewDocument'>>>,
  Assert<Agree<Decoded<typeof CreateErasureRequestBody>, Json<'requestErasure'>>>,
  // operator: webhooks, audit
  Assert<Agree<Decoded<typeof WebhookEndpointParams>, Path<'setWebhookEndpoint'>>>,
  Assert<Agree<Decoded<typeof SetWebhookEndpointBody>, Json<'setWebhookEndpoint'>>>,
  Assert<Agree<Decoded<typeof TenantDeliveriesParams>, Path<'listWebhookDeliveries'>>>,
  Assert<Agree<Decoded<typeof ListWebhookDeliveriesQuery>, Query<'listWebhookDeliveries'>>>,
  Assert<Agree<Decoded<typeof DeliveryIdParams>, Path<'redeliverWebhook'>>>,
  Assert<Agree<Decoded<typeof AuditStreamsQuery>, Query<'readAuditStreams'>>>,
  // operator: compliance settings (issue 30)
  Assert<Agree<Decoded<typeof CreateSuspicionCaseBody>, Json<'createSuspicionCase'>>>,
  Assert<Agree<RawFields<Decoded<typeof ListSuspicionCasesQuery>, 'cursor'>, Query<'listCasesPublic'>>>,
  Assert<Agree<Decoded<typeof SuspicionCaseIdParams>, Path<'getCasePublic'>>>,
  Assert<Agree<Decoded<typeof SuspicionTenantParams>, Path<'openSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof OperatorOpenBody>, Json<'openSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof SuspicionCaseIdParams>, Path<'getSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof SelectBody>, Json<'selectSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof DismissBody>, Json<'dismissSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof NoteBody>, Json<'noteSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof DecisionBody>, Json<'decideSuspicionCase'>>>,
  Assert<Agree<Decoded<typeof CommunicationBody>, Json<'prepareSuspicionCommunication'>>>,
  Assert<Agree<Decoded<typeof SentBody>, Json<'markSuspicionCommunicationSent'>>>,
  Assert<Agree<Decoded<typeof RectificationBody>, Json<'rectifySuspicionCommunication'>>>,
  Assert<Agree<Decoded<typeof CancellationBody>, Json<'cancelSuspicionCommunication'>>>,
  Assert<Agree<Decoded<typeof XmlQuery>, Query<'getSuspicionSiscoafXml'>>>,
  Assert<Agree<Decoded<typeof ReceiptRequestQuery>, Query<'getSiscoafReceiptRequest'>>>,
  Assert<Agree<Decoded<typeof ComplianceTenantParams>, Path<'getComplianceSettings'>>>,
  Assert<Agree<Decoded<typeof ComplianceTenantParams>, Path<'putComplianceSettings'>>>,
  Assert<Agree<Decoded<typeof PutComplianceSettingsBody>, Json<'putComplianceSettings'>>>,
  Assert<Agree<Decoded<typeof ComplianceVersionParams>, Path<'getComplianceSettingsVersion'>>>,
];

// the create-customer codec's decoded type is the normalised input the command takes; the
// request shape it reads is CustomerCreateRequest (customer-input.ts), compared above
export type CustomerCodecIsTheParser = Assert<Equals<Decoded<typeof CreateCustomerBody>, import('../customer-input.js').CustomerInput>>;
