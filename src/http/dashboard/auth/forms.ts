import type Koa from 'koa';
import { isUuid } from '../../../adapters/ids.js';
import { InviteUserBody } from '../../operations/users.js';
import { ApiError } from '../../errors.js';
import { formValue } from '../forms.js';
import { formField, safeNext } from '../session.js';
import type { DashboardRole, DashboardState } from '../state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

/** The user id in the path: another tenant's, unknown or malformed all answer the same 404. */
export function userIdParam(ctx: Ctx): string {
  const id = ctx.params['user_id'] ?? '';
  if (!isUuid(id)) throw new ApiError('user_not_found', 'Usuário não encontrado.', 'user_id');
  return id;
}

/** A role, as the operator API's invitation names them. */
export const roleForm = (form: URLSearchParams): DashboardRole =>
  formValue(InviteUserBody.props.role, formField(form, 'role'), 'Escolha um papel: administrador, analista ou leitura.', 'role');

/** The login form: where to go after it (this site's dashboard only), the e-mail (at most 254 characters), the password. */
export const loginForm = (form: URLSearchParams) => ({ next: safeNext(formField(form, 'next')), email: formField(form, 'email').slice(0, 254), password: formField(form, 'password') });

/** Where a GET of the login page goes back to afterwards. */
export const loginNext = (ctx: Ctx): string => safeNext(typeof ctx.query['next'] === 'string' ? ctx.query['next'] : null);

/** A new password and its confirmation (null when they differ). */
export function passwordForm(form: URLSearchParams): string | null {
  const password = formField(form, 'password');
  return password === formField(form, 'password_confirm') ? password : null;
}

/** An invitation: the role first (refused by its own message), the e-mail as typed (the command checks it). */
export function inviteForm(form: URLSearchParams) {
  const role = roleForm(form);
  return { email: formField(form, 'email').slice(0, 254), role };
}
