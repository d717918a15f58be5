import { addCalendarDays } from '../calendar/business-days.js';
import type { SubjectType } from '../values/scopes.js';

/**
 * Qualification (Circular BCB 3.978 art. 18 §1): where a person lives or a company has its seat,
 * and its financial capacity (a person's income, a company's revenue). A relationship may start
 * with qualification incomplete for at most 30 days (art. 23 parágrafo único; regulatory notes
 * D8), monitoring on meanwhile: the clock runs from the customer's registration.
 */
export const QUALIFICATION_GRACE_DAYS = 30;

/** The fields qualification needs, by person type (the names the API and the profile use). */
export const QUALIFICATION_FIELDS: Readonly<Record<SubjectType, readonly string[]>> = {
  pf: ['address', 'declared_income'],
  pj: ['address', 'annual_revenue'],
};

/** The fields a qualification update may set, by person type (as on creation: interface, customers). */
export const QUALIFICATION_UPDATABLE: Readonly<Record<SubjectType, readonly string[]>> = {
  pf: ['address', 'nationality', 'occupation', 'declared_income'],
  pj: ['address', 'trade_name', 'annual_revenue', 'business_activity', 'employee_count'],
};

/** As the customers read model keeps it: what is missing, by when, and when it was completed. */
export interface QualificationState {
  missing: string[];
  /** registration + 30 days */
  due_at: string;
  /** when nothing was missing any more (null while something is; the registration time when nothing ever was) */
  completed_at: string | null;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/** The qualification fields the profile lacks. */
export function missingQualification(type: SubjectType, profile: Readonly<Record<string, unknown>>): string[] {
  return QUALIFICATION_FIELDS[type].filter((field) => !present(profile[field]));
}

/** The qualification after the profile changed at `at` (registration: `previous` null). */
export function qualificationAfter(type: SubjectType, profile: Readonly<Record<string, unknown>>, createdAt: string, at: string, previous: QualificationState | null): QualificationState {
  const missing = missingQualification(type, profile);
  const due_at = previous?.due_at ?? addCalendarDays(createdAt, QUALIFICATION_GRACE_DAYS);
  const completed_at = missing.length > 0 ? null : (previous?.completed_at ?? at);
  return { missing, due_at, completed_at };
}

/** Overdue: something still missing after the grace. Computed when read, never stored. */
export const qualificationOverdue = (q: QualificationState, now: Date): boolean => q.missing.length > 0 && Date.parse(q.due_at) < now.getTime();
