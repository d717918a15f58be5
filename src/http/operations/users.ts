import * as t from 'io-ts';
import { isValidEmail } from '../../domain/values/email.js';
import { checkedString } from '../decode.js';
import { oneOf, uuidParam } from './shared.js';

/** The input of the operator's dashboard-user operations: invitations and password resets. */

export const UserParams = t.type({ tenant_id: uuidParam('tenant_id'), user_id: uuidParam('user_id') });

export const InviteUserBody = t.type({
  email: checkedString('email', (s) => isValidEmail(s.trim()), 'invalid_email', 'email is not a valid address.', 'email'),
  role: oneOf(['admin', 'analyst', 'viewer', 'compliance_officer'] as const, 'role must be one of admin, analyst, viewer, compliance_officer.'),
});
